import Flexbox

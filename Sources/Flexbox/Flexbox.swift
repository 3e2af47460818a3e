import LayoutCore

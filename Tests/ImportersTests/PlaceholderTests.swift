import Importers
import Testing

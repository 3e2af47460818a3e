import LayoutCore
// Placeholder until the module lands.

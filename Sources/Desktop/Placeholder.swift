import ScrollCore

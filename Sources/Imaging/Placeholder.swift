public enum ImagingPlaceholder {}

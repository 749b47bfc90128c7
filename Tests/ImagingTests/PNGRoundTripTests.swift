import Imaging
import Testing

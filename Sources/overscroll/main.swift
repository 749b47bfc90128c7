print("overscroll")

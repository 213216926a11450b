"""Character sheets: the editor with each system's form, and printing them."""

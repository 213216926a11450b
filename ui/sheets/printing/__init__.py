"""Printing character sheets, to a PDF file or a printer, from the app or ``cardtable print``."""

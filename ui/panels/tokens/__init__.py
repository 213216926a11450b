"""The Author-token panel: Applause and Author tokens as coins, and their dialogs."""

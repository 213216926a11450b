"""The main window and what surrounds it: welcome screen, New-session wizard, files, settings."""

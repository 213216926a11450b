"""The Qt front end of Cardtable (imported as ``cardtable.ui``).

It reads the model and asks the model to change; it never decides a rule.
"""

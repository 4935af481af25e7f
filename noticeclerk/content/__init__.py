"""The folders a clerk or the village attorney edits, turned into checked records.

Villages (letterhead.toml), notice types (notices/), case files and assessment rolls.

Everything here sits below the register: the register reads content through these modules,
and nothing here imports the register.
"""

"""Example lmeval plugin: see plugin.py."""

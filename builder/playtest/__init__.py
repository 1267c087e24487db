"""Playtest a scenario thousands of times with AI players and report its balance."""

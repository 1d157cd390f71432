"""The mjai bridge: a jantaku bot answering an mjai server, and an external mjai bot in a
jantaku seat."""

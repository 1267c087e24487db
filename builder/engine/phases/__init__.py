"""The three phases of a round (000 core rules, Action!): orders, activation, supply."""

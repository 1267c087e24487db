"""The Heroes System's content: its pydantic models, its pack loader and cache, the recruitment
vocabulary, effect keys, battlefield geometry and the scenario knobs."""

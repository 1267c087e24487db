"""The Heroes System's printing: rosters, cards and decks, scenario and campaign sheets, the map,
reference cards."""

"""AI players for playtests: random, greedy, and the Solo Mode AI (002 Solo Mode) whose
decision tables are data run by one interpreter (builder.ai.tables)."""

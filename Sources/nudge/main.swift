print("nudge")

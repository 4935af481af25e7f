"""Pure rules of law: legal time (calendars, periods, deadlines) and, later, money."""

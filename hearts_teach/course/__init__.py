"""The course: lesson helpers, drills, the guided hand and the notebook tools (run and check the lessons)."""

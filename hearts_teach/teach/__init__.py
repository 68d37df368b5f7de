"""Teaching: lessons, drills, checkers, exercises, grading and the class league."""

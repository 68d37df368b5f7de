"""The classroom: exercise checkers, the class grader, the sandbox for students' code, the class league and nbgrader support."""

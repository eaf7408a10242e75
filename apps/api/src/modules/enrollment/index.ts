// The enrolment area's public surface: unified enrolment (/start), the agent's routes, the companion downloads.

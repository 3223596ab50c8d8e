cathodiwmðnllyfrgell
oedd
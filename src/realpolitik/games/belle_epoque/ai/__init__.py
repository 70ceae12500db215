"""What bots and search need from La Belle Époque: the evaluation hooks (:mod:`.evaluation`) and
determinization of hidden information (:mod:`.determinize`)."""

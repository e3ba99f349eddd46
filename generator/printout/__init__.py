"""The printed words: the players' leaf, the rule pages, the This edition box, the cutting steps, the calibration sheet, and the whole printout assembled from them and impose's card sheets.
"""

"""Text as the designer writes it: the markup (**bold**, lists, :icons:) and the {field} placeholders.
"""

"""What pnp build spells (proof/spelled.py): the cards' text and the rules, with the deck's dictionary and words
file, each unknown word one warning at the first place it is written, naming the cards printing it; at most ten,
then how many more. A proof of a deck whose mistakes are in single cards shows them and the spelling both, exit 2,
nothing written (it refused to run until the deck built, and the build said nothing of spelling)."""
from __future__ import annotations

from smalldeck import DECK, deck, run, starter


def test_a_build_warns_of_each_word_the_dictionary_and_words_txt_lack(tmp_path):
    text = DECK.replace('"Play **one** card."', '"Play **one** crad."').replace('"Draw three."', '"Drow three crad."')
    folder = deck(tmp_path / "d", text + "rules: {file: rules.md}\n", **{"rules.md": "# Rules\n\nPlay a crad, Zorg.\n"})
    code, out, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == 0 and (tmp_path / "out.pdf").exists(), err
    lines = err.strip().splitlines()
    assert lines == [
        f"pnp: warning: {folder}/deck.yaml:16: text: 'crad' is in neither the dictionary nor words.txt (on card "
        "'One' and 1 more; a name or a word of the game's own goes in words.txt)",
        f"pnp: warning: {folder}/deck.yaml:18: text: 'Drow' is in neither the dictionary nor words.txt (on card "
        "'Three'; a name or a word of the game's own goes in words.txt)",
        f"pnp: warning: {folder}/rules.md:3: rules: 'Zorg' is in neither the dictionary nor words.txt (in the rules; "
        "a name or a word of the game's own goes in words.txt)"], lines
    (folder / "words.txt").write_text("crad\nDrow\nZorg\n", encoding="utf-8")
    code, out, err = run("build", folder, "-o", tmp_path / "out.pdf")
    assert code == 0 and err == "", err


def test_a_build_names_ten_words_and_counts_the_rest(tmp_path):
    words = " ".join(f"zq{chr(97 + i)}{chr(97 + i)}x" for i in range(13))
    code, out, err = run("build", deck(tmp_path / "d", DECK.replace('"Draw three."', f'"{words}"')), "-o",
                         tmp_path / "out.pdf")
    lines = err.strip().splitlines()
    assert code == 0 and len(lines) == 11 and lines[-1] == "pnp: warning: 3 more words neither the dictionary nor " \
        "the words file holds (pnp proof lists them all, with a spelling for each)", lines


def test_a_proof_of_a_deck_with_a_bad_cell_shows_the_mistake_and_the_spelling(tmp_path):
    folder = starter(tmp_path)
    csv = folder / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("crop,Wheat,1,", "crop,Wheat,ten,").replace(
        "Every player draws", "Evry player draws"), encoding="utf-8")
    code, out, err = run("proof", folder, "-o", tmp_path / "proof")
    assert code == 2 and not (tmp_path / "proof").exists(), err
    assert err.strip().splitlines() == [
        f"pnp: error: {folder}/cards.csv:2 (value): expected a whole number, found 'ten'",
        f"pnp: warning: {folder}/cards.csv:7: text: 'Evry' is in neither the dictionary nor words.txt (on card 'Good "
        "Rain'; a name or a word of the game's own goes in words.txt)"], err


def test_a_latin_letter_language_with_no_dictionary_is_not_spelled_in_english(tmp_path):
    """Polish has no dictionary in pnp: its words are not each 'unknown' (they were spelled in English, a warning
    for every word of a `pnp new --lang en,pl` starter); the English build still spells, and Japanese keeps
    English for its words in Latin letters; the proof says once that the Polish texts are not spelled."""
    from cli import pnp_in_process
    assert pnp_in_process("new", str(tmp_path / "g"), "--lang", "en,pl").returncode == 0
    csv = tmp_path / "g" / "cards.csv"
    csv.write_text(csv.read_text(encoding="utf-8").replace("Every player draws", "Evry player draws"),
                   encoding="utf-8")
    polish = pnp_in_process("build", str(tmp_path / "g"), "--lang", "pl", "-o", str(tmp_path / "pl.pdf"))
    assert polish.returncode == 0 and "dictionary" not in polish.stderr, polish.stderr
    english = pnp_in_process("build", str(tmp_path / "g"), "-o", str(tmp_path / "en.pdf"))
    assert english.returncode == 0 and "'Evry' is in neither the dictionary" in english.stderr, english.stderr
    proof = pnp_in_process("proof", str(tmp_path / "g"), "--lang", "pl", "-q", "-o", str(tmp_path / "proof"))
    assert proof.returncode in (0, 1), proof.stderr
    import json
    issues = json.loads((tmp_path / "proof" / "proof.json").read_text(encoding="utf-8"))["issues"]
    said = [i["message"] for i in issues if i["check"] == "spelling"]
    assert said == ["pnp has no dictionary for the language 'pl': the texts printed in it are not spelled (the "
                    "texts printed untranslated are)"], said                  # said once, not silently
    from generator.proof.spelling import unspelled
    assert unspelled("pl") and unspelled("vi") and not unspelled("ja") and not unspelled("fr") \
        and not unspelled(None) and not unspelled("en")

"""Each of #12's rows with session 62's build (the same search, built with fat LTO and
profile-guided optimisation) against the same row with session 61's build on the same
machine (other seeds), by machine60/compare.py's pooling and table.
Usage, from the repository root: python3 eval/results/build62/compare.py"""
import importlib.util, os

spec = importlib.util.spec_from_file_location(
    "machine60_compare", os.path.join(os.path.dirname(__file__), "..", "machine60", "compare.py"))
compare = importlib.util.module_from_spec(spec)
spec.loader.exec_module(compare)
compare.table([
    ("pair, 50 ms", "build62/pair50-1*.txt", "build61/pair50-1*.txt"),
    ("partner of counting, 10 ms", "build62/partner10-1*.txt", "build61/partner10-1*.txt"),
    ("pair, 10 ms", "build62/pair10-1*.txt", "build61/pair10-1*.txt"),
], "this build", "session 61's build")

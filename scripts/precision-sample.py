#!/usr/bin/env python3
"""Draw a repeatable sample of swiftui-gotchas findings on public apps, and turn a review of
that sample into the precision table of docs/precision.md.

Modes (Python 3 standard library only):

  sample   lint each app (or read saved JSON) and print, per rule, up to N findings drawn at
           random across all apps with a fixed seed: app, path:line, message, source context.
  tsv      the same draw as a review skeleton (rule, app, path:line, verdict, reason) to fill in.
  table    read a filled review TSV plus the findings JSON and print the markdown table:
           findings in total, reviewed, wrong, precision, the shapes that were wrong, and an
           overall precision weighted by how often each rule fires. With JSON from a newer
           binary, the reviewed findings that no longer fire are counted as fixed (see --help).
           With --before-review (and --before-json-dir), both columns: findings and precision
           before → after per rule, and the weighted overall figure before → after.

  fixes    draw up to --fixes safe fixes at random (seed), with the edit and its context, as a
           review skeleton (rule, app, location, verdict, reason): verdict is `ok`, `breaks`
           (does not compile) or `changes` (compiles, behaves differently).
  recall   compare reviewers' lists of the gotchas in drawn files (TSV: file, line, rule, worth,
           reason; `act` rows count) with the findings: a listed place is reported when the same
           rule reports in the same file within --slack lines (with --related, also when a finding
           of that rule names the place as its related location). Prints recall per rule.

Verdicts in a review: `act` (worth acting on), `ignore` (true, but a competent engineer would
reasonably leave it: not worth acting on), `wrong` (the code is fine or the message says
something false). Precision counts `act` only. The table also splits the figures by severity
(warnings and errors together; info and hint together), from the findings' own severity.

Why a fixed seed over a sorted list: the same binary, apps and seed give the same sample on any
machine, so a later binary can be judged on the same findings.

Reproduce docs/precision.md:
  scripts/precision-sample.py sample --bin /tmp/sg-before --apps-dir /tmp/apps \
      --json-dir /tmp/review --seed 14
  scripts/precision-sample.py table docs/precision-review-after.tsv --bin /tmp/sg-after \
      --json-dir /tmp/review-after --before-review docs/precision-review.tsv \
      --before-json-dir /tmp/review
"""

import argparse
import collections
import csv
import json
import os
import random
import subprocess
import sys

# The apps of docs/precision.md, by the directory name they are checked out under.
APPS = ["iOS", "mastodon-ios", "pocket-casts-ios", "element-x-ios", "isowords",
        "clean-architecture-swiftui"]

Finding = collections.namedtuple("Finding", "rule app path line column message severity fix related",
                                 defaults=((),))


def opt_in_rules(binary):
    """Rule IDs whose OPT-IN column in `rules` says yes (they are off by default)."""
    out = subprocess.run([binary, "rules"], capture_output=True, text=True, check=True).stdout
    rules = set()
    for row in out.splitlines()[1:]:
        cols = row.split()
        if len(cols) >= 3 and cols[2] == "yes":
            rules.add(cols[0])
    return rules


def load_findings(args):
    """Findings of every app: from <json-dir>/<app>.json, linting the app first if that file
    is missing (with --all-rules, so opt-in rules can be told apart later)."""
    findings = []
    for app in args.apps:
        saved = os.path.join(args.json_dir, app + ".json")
        if not os.path.exists(saved):
            if not args.bin:
                sys.exit(f"{saved} is missing and no --bin was given to lint {app}")
            os.makedirs(args.json_dir, exist_ok=True)
            run = subprocess.run(
                [args.bin, "lint", "--no-cache", "--all-rules", "--format", "json",
                 os.path.join(args.apps_dir, app)],
                capture_output=True, text=True)
            if run.returncode not in (0, 1):
                sys.exit(f"lint of {app} failed ({run.returncode}): {run.stderr}")
            with open(saved, "w") as out:
                out.write(run.stdout)
        with open(saved) as f:
            for d in json.load(f):
                related = tuple((relative(r["path"], app), r["line"]) for r in d.get("related") or [])
                findings.append(Finding(d["rule"], app, relative(d["path"], app),
                                        d["line"], d["column"], d["message"],
                                        d.get("severity", ""), d.get("fix"), related))
    return findings


def relative(path, app):
    """The path inside the app's checkout: JSON from a lint of the app's absolute path holds
    absolute paths; one run inside the checkout (`lint .`) holds them relative already (an app
    folder that holds a folder of its own name must not be cut there)."""
    if not os.path.isabs(path):
        return path
    marker = os.sep + app + os.sep
    i = path.find(marker)
    return path[i + len(marker):] if i >= 0 else path


def draw(findings, seed, per_rule, excluded):
    """Per rule, up to per_rule findings at random. Sorting first makes the draw independent of
    the order the linter printed files in (it lints in parallel)."""
    by_rule = collections.defaultdict(list)
    for f in findings:
        if f.rule not in excluded:
            by_rule[f.rule].append(f)
    sample = {}
    for rule in sorted(by_rule):
        pool = sorted(by_rule[rule], key=lambda f: (f.app, f.path, f.line, f.column))
        rng = random.Random(f"{seed}:{rule}")  # one stream per rule: adding a rule moves nothing
        chosen = rng.sample(pool, min(per_rule, len(pool)))
        sample[rule] = sorted(chosen, key=lambda f: (f.app, f.path, f.line))
    return sample


def context(apps_dir, f, around):
    path = os.path.join(apps_dir, f.app, f.path)
    try:
        with open(path, encoding="utf-8", errors="replace") as src:
            lines = src.read().splitlines()
    except OSError:
        return ["    (source not found)"]
    lo, hi = max(1, f.line - around), min(len(lines), f.line + around)
    return [f"{'>' if n == f.line else ' '}{n:5} {lines[n - 1]}" for n in range(lo, hi + 1)]


def excluded_rules(args):
    if args.include_opt_in or not args.bin:
        return set()
    return opt_in_rules(args.bin)


def drawable(args, findings):
    """The findings a draw may take: of the severities asked for (--severity), and not already in
    another sample's review skeleton (--not-in): a second draw, of warnings only, adds to the first."""
    if args.severity:
        wanted = set(args.severity.split(","))
        findings = [f for f in findings if f.severity in wanted]
    if args.not_in:
        with open(args.not_in, newline="") as f:
            taken = {(r["rule"], r["app"], r["location"]) for r in csv.DictReader(f, delimiter="\t")}
        findings = [f for f in findings if (f.rule, f.app, f"{f.path}:{f.line}") not in taken]
    return findings


def cmd_sample(args):
    findings = drawable(args, load_findings(args))
    totals = collections.Counter(f.rule for f in findings)
    sample = draw(findings, args.seed, args.per_rule, excluded_rules(args))
    for rule, chosen in sample.items():
        print(f"=== {rule}: {len(chosen)} of {totals[rule]}")
        for f in chosen:
            print(f"--- [{f.app}] {f.path}:{f.line}")
            print(f"    {f.message}")
            print("\n".join(context(args.apps_dir, f, args.context)))
        print()


def cmd_tsv(args):
    findings = drawable(args, load_findings(args))
    sample = draw(findings, args.seed, args.per_rule, excluded_rules(args))
    out = csv.writer(sys.stdout, delimiter="\t", lineterminator="\n")
    out.writerow(["rule", "app", "location", "verdict", "shape", "reason"])
    for rule, chosen in sample.items():
        for f in chosen:
            out.writerow([rule, f.app, f"{f.path}:{f.line}", "", "", ""])


def read_review(path):
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    for r in rows:
        if r["verdict"] not in ("act", "ignore", "wrong"):
            sys.exit(f"{path}: verdict must be 'act', 'ignore' or 'wrong', got {r['verdict']!r} "
                     f"({r['rule']} {r['app']} {r['location']})")
    return rows


def rule_stats(rows, findings):
    """Per rule: (findings in total, reviewed rows that still fire, the wrong ones among them),
    and how many reviewed rows no longer fire, split into (judged act, judged wrong).

    A reviewed finding still fires when the same rule reports on the same line of the same
    file. With the JSON the review was made on, all of them do; with a newer binary's JSON,
    the ones that vanished are counted as fixed (wrong) or lost (worth acting on)."""
    totals = collections.Counter(f.rule for f in findings)
    firing = {(f.rule, f.app, f"{f.path}:{f.line}") for f in findings}
    by_rule = collections.defaultdict(list)
    for r in rows:
        by_rule[r["rule"]].append(r)
    stats, gone_good, gone_bad = {}, 0, 0
    for rule, reviewed in by_rule.items():
        still = [r for r in reviewed if (r["rule"], r["app"], r["location"]) in firing]
        gone_good += sum(1 for r in reviewed if r not in still and r["verdict"] == "act")
        gone_bad += sum(1 for r in reviewed if r not in still and r["verdict"] != "act")
        stats[rule] = (totals[rule], still, [r for r in still if r["verdict"] != "act"])
    return stats, totals, gone_good, gone_bad


def precision_text(still, wrong):
    return f"{1 - len(wrong) / len(still):.0%}" if still else "—"


def shapes_text(wrong):
    shapes = collections.Counter(r["shape"] for r in wrong if r["shape"])
    return "; ".join(f"{s} ({n})" if n > 1 else s for s, n in shapes.most_common()) or "—"


def overall(stats):
    """(reviewed, wrong, unweighted precision, weighted precision, weight): each rule's
    precision weighted by how often it fires, roughly the chance that a random default-on
    finding is worth acting on."""
    weighted_sum, weight, reviewed_all, wrong_all = 0.0, 0, 0, 0
    for total, still, wrong in stats.values():
        if still:
            weighted_sum += (1 - len(wrong) / len(still)) * total
            weight += total
        reviewed_all += len(still)
        wrong_all += len(wrong)
    plain = 1 - wrong_all / reviewed_all if reviewed_all else 0.0
    return reviewed_all, wrong_all, plain, (weighted_sum / weight if weight else 0.0), weight


def cmd_table(args):
    rows = read_review(args.review)
    findings = load_findings(args)
    stats, totals, gone_good, gone_bad = rule_stats(rows, findings)
    if args.before_review:
        return table_before_after(args, stats, totals)

    label = f" ({args.label})" if args.label else ""
    print(f"| rule | findings{label} | reviewed | wrong | precision{label} | what was wrong |")
    print(f"|---|---:|---:|---:|---:|---|")
    for rule in sorted(stats, key=lambda r: (-totals[r], r)):
        total, still, wrong = stats[rule]
        print(f"| `{rule}` | {total} | {len(still)} | {len(wrong)} | "
              f"{precision_text(still, wrong)} | {shapes_text(wrong)} |")
    reviewed_all, wrong_all, plain, weighted, weight = overall(stats)
    print()
    print(f"Overall: {reviewed_all} reviewed, {wrong_all} wrong; precision "
          f"{plain:.0%} unweighted, **{weighted:.0%} weighted by findings per rule** "
          f"({weight} findings of the reviewed rules).")
    print_by_severity(rows, findings)
    unreviewed = sorted(r for r in totals if r not in stats)
    if unreviewed:
        print(f"Not in the review (opt-in or new rules): "
              + ", ".join(f"`{r}` ({totals[r]})" for r in unreviewed) + ".")
    if gone_good or gone_bad:
        print(f"Reviewed findings that no longer fire: {gone_bad} judged wrong (fixed), "
              f"{gone_good} judged worth acting on (lost).")


def print_by_severity(rows, findings):
    """Worth acting on per severity class, each reviewed finding under the severity it was
    reported with: (warnings and errors) weighted by findings per rule and severity; (info and
    hint) the share judged wrong; errors judged wrong, listed."""
    severity_of = {(f.rule, f.app, f"{f.path}:{f.line}"): f.severity for f in findings}
    classes = {"warning/error": ("warning", "error"), "info/hint": ("info", "hint")}
    for name, members in classes.items():
        total = collections.Counter(f.rule for f in findings if f.severity in members)
        reviewed = collections.defaultdict(list)
        for r in rows:
            if severity_of.get((r["rule"], r["app"], r["location"])) in members:
                reviewed[r["rule"]].append(r)
        if not reviewed:
            continue
        weight = sum(total[rule] for rule in reviewed)
        worth = sum(total[rule] * sum(r["verdict"] == "act" for r in rs) / len(rs)
                    for rule, rs in reviewed.items())
        n = sum(len(rs) for rs in reviewed.values())
        wrong = sum(r["verdict"] == "wrong" for rs in reviewed.values() for r in rs)
        acted = sum(r["verdict"] == "act" for rs in reviewed.values() for r in rs)
        print(f"{name}: {n} reviewed of {sum(total.values())} findings; worth acting on "
              f"{acted / n:.0%} unweighted, **{worth / weight:.0%} weighted**; wrong {wrong} "
              f"({wrong / n:.0%}).")
    errors_wrong = [r for r in rows if r["verdict"] == "wrong"
                    and severity_of.get((r["rule"], r["app"], r["location"])) == "error"]
    print(f"Errors judged wrong: {len(errors_wrong)}"
          + "".join(f"\n  - {r['rule']} {r['app']} {r['location']}: {r['reason']}"
                    for r in errors_wrong))


def cmd_fixes(args):
    """Safe fixes at random: the same sorted pool and seed give the same draw anywhere."""
    findings = load_findings(args)
    excluded = excluded_rules(args)
    pool = sorted((f for f in findings if f.fix and f.fix.get("applicability") == "safe"
                   and f.rule not in excluded),
                  key=lambda f: (f.rule, f.app, f.path, f.line, f.column))
    chosen = random.Random(f"{args.seed}:fixes").sample(pool, min(args.fixes, len(pool)))
    chosen.sort(key=lambda f: (f.rule, f.app, f.path, f.line))
    if args.mode == "fixes" and not args.tsv_out:
        for f in chosen:
            print(f"--- {f.rule} [{f.app}] {f.path}:{f.line}  {f.fix.get('title', '')}")
            for e in f.fix.get("edits", []):
                print(f"    edit {e['line']}:{e['column']}-{e['endLine']}:{e['endColumn']} "
                      f"-> {e['newText']!r}")
            print("\n".join(context(args.apps_dir, f, args.context)))
    else:
        out = csv.writer(open(args.tsv_out, "w"), delimiter="\t", lineterminator="\n")
        out.writerow(["rule", "app", "location", "verdict", "reason"])
        for f in chosen:
            out.writerow([f.rule, f.app, f"{f.path}:{f.line}", "", ""])
    print(f"{len(chosen)} of {len(pool)} safe fixes drawn (seed {args.seed})", file=sys.stderr)


def cmd_recall(args):
    """Recall per rule of the reviewers' `act` rows against the findings."""
    findings = load_findings(args)
    by_file = collections.defaultdict(list)
    for f in findings:
        by_file[(f.app, f.path)].append(f)
    listed = []
    for path in args.lists:
        with open(path, newline="") as f:
            for r in csv.DictReader(f, delimiter="\t"):
                if r.get("worth", "").strip() == "act" and r["rule"].strip() not in ("", "-"):
                    listed.append(r)
    per_rule = collections.defaultdict(lambda: [0, 0])
    missed = []
    for r in listed:
        app, _, rest = r["file"].partition("/")
        rule, line = r["rule"].strip(), int(r["line"])
        hit = any(f.rule == rule and abs(f.line - line) <= args.slack
                  for f in by_file[(app, rest)])
        if not hit and args.related:
            # A finding elsewhere whose related location (the hazard a finding at the use names) is the listed place.
            hit = any(f.rule == rule and any(p == rest and abs(l - line) <= args.slack for p, l in f.related)
                      for f in findings if f.app == app)
        per_rule[rule][0] += 1
        per_rule[rule][1] += hit
        if not hit:
            missed.append(r)
    print("| rule | listed | reported | recall |")
    print("|---|---:|---:|---:|")
    for rule in sorted(per_rule, key=lambda k: (-per_rule[k][0], k)):
        n, hit = per_rule[rule]
        print(f"| `{rule}` | {n} | {hit} | {hit / n:.0%} |")
    n = sum(v[0] for v in per_rule.values())
    hit = sum(v[1] for v in per_rule.values())
    print(f"\nOverall: {hit} of {n} listed places reported, **recall {hit / n:.0%}**.")
    for r in missed:
        print(f"  missed: {r['rule']} {r['file']}:{r['line']}: {r['reason']}")


def table_before_after(args, after, after_totals):
    """Both columns: the before review on the before JSON, this review on this JSON. A rule
    that no longer fires keeps its row (findings after 0, precision after —)."""
    before_args = argparse.Namespace(**vars(args))
    before_args.json_dir = args.before_json_dir
    before_args.bin = None  # the before JSON must exist; never lint it with this binary
    before, before_totals, _, _ = rule_stats(read_review(args.before_review),
                                            load_findings(before_args))
    print("| rule | findings before | findings after | reviewed | wrong | "
          "precision before → after | what was wrong (after) |")
    print("|---|---:|---:|---:|---:|---|---|")
    rules = set(before) | set(after)
    for rule in sorted(rules, key=lambda r: (-before_totals[r], -after_totals[r], r)):
        b_still, b_wrong = (before[rule][1], before[rule][2]) if rule in before else ([], [])
        a_still, a_wrong = (after[rule][1], after[rule][2]) if rule in after else ([], [])
        print(f"| `{rule}` | {before_totals[rule]} | {after_totals[rule]} | {len(a_still)} | "
              f"{len(a_wrong)} | {precision_text(b_still, b_wrong)} → "
              f"{precision_text(a_still, a_wrong)} | {shapes_text(a_wrong)} |")
    b = overall(before)
    a = overall(after)
    print()
    print(f"Overall: reviewed {b[0]} → {a[0]}, wrong {b[1]} → {a[1]}; precision "
          f"{b[2]:.0%} → {a[2]:.0%} unweighted, **{b[3]:.0%} → {a[3]:.0%} weighted by findings "
          f"per rule** ({b[4]} → {a[4]} findings of the reviewed rules).")
    unreviewed = sorted(r for r in set(before_totals) | set(after_totals) if r not in rules)
    if unreviewed:
        print(f"Not in the review (opt-in or new rules), findings before → after: "
              + ", ".join(f"`{r}` ({before_totals[r]} → {after_totals[r]})"
                          for r in unreviewed) + ".")


def main():
    p = argparse.ArgumentParser(description=__doc__,
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("mode", choices=["sample", "tsv", "table", "fixes", "recall"])
    p.add_argument("review", nargs="?", help="the review TSV (table mode)")
    p.add_argument("--fixes", type=int, default=60, help="fixes mode: how many safe fixes")
    p.add_argument("--tsv-out", help="fixes mode: write the review skeleton here")
    p.add_argument("--lists", nargs="+", default=[], help="recall mode: the reviewers' TSVs")
    p.add_argument("--slack", type=int, default=2, help="recall mode: lines either side")
    p.add_argument("--related", action="store_true",
                   help="recall mode: also count a listed place a finding names as its related location")
    p.add_argument("--bin", help="the swiftui-gotchas binary (lints apps whose JSON is missing; "
                                 "its `rules` output tells opt-in rules apart)")
    p.add_argument("--apps-dir", default="/tmp/apps", help="where the apps are checked out")
    p.add_argument("--json-dir", default="/tmp/review", help="saved `lint --format json` output, "
                                                             "one <app>.json per app")
    p.add_argument("--apps", nargs="+", default=APPS)
    p.add_argument("--seed", type=int, default=14)
    p.add_argument("--per-rule", type=int, default=10)
    p.add_argument("--severity", help="sample/tsv: draw only findings of these severities (comma-separated: warning,error)")
    p.add_argument("--not-in", help="sample/tsv: leave out findings listed in this review TSV (an earlier draw)")
    p.add_argument("--context", type=int, default=4, help="source lines either side")
    p.add_argument("--label", help="table mode: a tag for the findings and precision columns, "
                                   "e.g. 'before' or 'after'")
    p.add_argument("--before-review", help="table mode: the earlier review TSV; prints both "
                                           "columns (before on --before-json-dir, after on "
                                           "--json-dir)")
    p.add_argument("--before-json-dir", default="/tmp/review",
                   help="table mode with --before-review: the earlier binary's saved JSON")
    p.add_argument("--include-opt-in", action="store_true",
                   help="also sample opt-in rules (excluded by default when --bin is given)")
    args = p.parse_args()
    if args.mode == "table":
        if not args.review:
            p.error("table needs the review TSV")
        cmd_table(args)
    elif args.mode == "tsv":
        cmd_tsv(args)
    elif args.mode == "fixes":
        cmd_fixes(args)
    elif args.mode == "recall":
        cmd_recall(args)
    else:
        cmd_sample(args)


if __name__ == "__main__":
    main()

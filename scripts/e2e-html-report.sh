#!/usr/bin/env bash
# End-to-end check of the CI report formats on Examples/:
#   - `--format html` rendered by a real headless Chromium (Debian's `chromium`): the rendered
#     DOM (--dump-dom) has, per rule, a section whose heading, data-count and findings equal
#     the JSON format's counts, a chart row per rule with the same count, the summary totals,
#     and a why paragraph per rule; the page fetched nothing from the network (Chromium's net
#     log has no request the page initiated — checked to catch one on a control page that
#     loads a stylesheet and an image — and the DOM has no script, no src, no link, and only
#     documentation links); a phone-size screenshot (390×844) is a non-empty PNG of that size.
#   - `--format junit`: well-formed for xmllint, totals equal the JSON's counts.
#   - `--format gitlab`: every issue has GitLab Code Quality's required fields, relative
#     paths, distinct fingerprints, and as many issues as the JSON has findings.
# The screenshot is kept at $SWIFTUI_GOTCHAS_SCREENSHOT when set (to look at it).
# Exit status: 0 when every check passed.
set -euo pipefail

NAME=e2e-html-report
source "$(dirname "${BASH_SOURCE[0]}")/lib/e2e-common.sh"

command -v chromium >/dev/null || e2e_install chromium
command -v xmllint >/dev/null || e2e_install libxml2-utils
e2e_build
e2e_workdir
failures=0
ok() { echo "ok   - $*"; }
fail() { echo "FAIL - $*"; failures=$((failures + 1)); }

for format in json html junit gitlab; do
    set +e
    "$BIN" lint Examples/ --no-cache --format "$format" > "$WORK/report.$format"
    status=$?
    set -e
    [ "$status" -eq 1 ] || fail "lint Examples/ --format $format: expected exit 1 (findings), got $status"
done

# Chromium: a fresh profile each run, every request through a proxy that refuses (nothing
# leaves the machine even if the page asked), the net log recording what was asked.
chrome() {
    local profile="$WORK/profile-$1"; shift
    timeout 60 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
        --user-data-dir="$profile" --proxy-server=127.0.0.1:9 --disable-background-networking \
        --disable-component-update --disable-sync "$@" 2>>"$WORK/chromium.log"
}

chrome dom --log-net-log="$WORK/net.json" --window-size=390,844 --dump-dom "file://$WORK/report.html" > "$WORK/dom.html"
chrome shot --window-size=390,844 --screenshot="$WORK/report.png" "file://$WORK/report.html" > /dev/null
# The control page: the net-log check must see requests a page does make.
printf '<!DOCTYPE html><html><head><link rel="stylesheet" href="http://127.0.0.1:9/x.css"></head><body><img src="https://example.invalid/x.png"></body></html>' > "$WORK/control.html"
chrome control --log-net-log="$WORK/control-net.json" --dump-dom "file://$WORK/control.html" > /dev/null
[ -z "${SWIFTUI_GOTCHAS_SCREENSHOT:-}" ] || cp "$WORK/report.png" "$SWIFTUI_GOTCHAS_SCREENSHOT"

python3 - "$WORK" <<'PY' || failures=$((failures + $?))
import collections, html.parser, json, struct, subprocess, sys
work = sys.argv[1]
failures = 0
def check(condition, what):
    global failures
    print(("ok   - " if condition else "FAIL - ") + what)
    failures += 0 if condition else 1

findings = json.load(open(f"{work}/report.json"))
per_rule = collections.Counter(item["rule"] for item in findings)
files_with_findings = len({item["path"] for item in findings})

class DOM(html.parser.HTMLParser):
    """What the checks count, from the DOM Chromium rendered."""
    def __init__(self):
        super().__init__()
        self.sections, self.chart, self.findings = {}, {}, collections.Counter()
        self.summary, self.headings, self.why = None, {}, collections.Counter()
        self.scripts, self.sources, self.hrefs, self.links = 0, [], [], 0
        self.rule, self.in_heading = None, False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "script": self.scripts += 1
        if tag == "link": self.links += 1
        if "src" in a: self.sources.append(a["src"])
        if "href" in a: self.hrefs.append(a["href"])
        if tag == "section" and "data-rule" in a:
            self.rule = a["data-rule"]
            self.sections[self.rule] = int(a["data-count"])
        if tag == "h2" and "rule-heading" in a.get("class", ""):
            self.in_heading = True
            self.headings[self.rule] = ""
        if tag == "div" and a.get("class") == "why": self.why[self.rule] += 1
        if "data-finding" in a: self.findings[a["data-rule"]] += 1
        if "data-chart-rule" in a: self.chart[a["data-chart-rule"]] = int(a["data-count"])
        if "data-findings" in a: self.summary = a
    def handle_endtag(self, tag):
        if tag == "h2": self.in_heading = False
    def handle_data(self, data):
        if self.in_heading: self.headings[self.rule] += data

dom = DOM()
dom.feed(open(f"{work}/dom.html", encoding="utf-8").read())
check(len(findings) > 0, f"the JSON report of Examples/ has findings ({len(findings)})")
check(dom.sections == dict(per_rule), f"one rule section per rule with the JSON's count ({len(dom.sections)} rules)")
check(all(dom.headings.get(rule, "").startswith(rule + " ") and f"{count} finding" in dom.headings[rule]
          for rule, count in per_rule.items()), "each rule heading names the rule and its count")
check(dom.findings == per_rule, f"data-finding elements per rule equal the JSON's ({sum(dom.findings.values())})")
check(dom.chart == dict(per_rule), "a chart row per rule with its count")
check(all(dom.why[rule] == 1 for rule in per_rule), "each rule shows its why")
check(dom.summary is not None and int(dom.summary["data-findings"]) == len(findings)
      and int(dom.summary["data-rules"]) == len(per_rule) and int(dom.summary["data-files"]) == files_with_findings,
      "the summary's totals equal the JSON's")
docs = "https://github.com/swiftui-gotchas/swiftui-gotchas/blob/main/docs"
check(dom.scripts == 0 and dom.links == 0 and not dom.sources, "no script, no link element, no src attribute")
check(all(h.startswith("#") or h.startswith(docs) for h in dom.hrefs), f"links are anchors or documentation ({len(dom.hrefs)})")

def page_requests(path):
    log = json.load(open(path))
    start = log["constants"]["logEventTypes"]["URL_REQUEST_START_JOB"]
    # Chromium's own background requests have no origin; a page's carry its (file://: "null").
    return [e["params"]["url"] for e in log["events"] if e["type"] == start and "url" in e.get("params", {})
            and e["params"].get("initiator") != "not an origin" and not e["params"]["url"].startswith(("file:", "data:"))]
control = page_requests(f"{work}/control-net.json")
check(len(control) == 2, f"the net-log check sees a control page's two requests ({len(control)})")
requests = page_requests(f"{work}/net.json")
check(not requests, f"the report made no network request {requests[:3]}")

png = open(f"{work}/report.png", "rb").read()
check(png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 10_000, f"the screenshot is a PNG ({len(png)} bytes)")
width, height = struct.unpack(">II", png[16:24]) if len(png) >= 24 else (0, 0)
check((width, height) == (390, 844), f"the screenshot is phone-size ({width}x{height})")

lint = subprocess.run(["xmllint", "--noout", f"{work}/report.junit"], capture_output=True, text=True)
check(lint.returncode == 0, "the JUnit report is well-formed for xmllint " + lint.stderr[:200])
totals = subprocess.run(["xmllint", "--xpath", "concat(/testsuites/@failures,' ',/testsuites/@skipped,' ',count(//testsuite))", f"{work}/report.junit"],
                        capture_output=True, text=True).stdout.split()
at_warning = sum(1 for item in findings if item["severity"] in ("warning", "error"))
linted = int(dom.summary["data-linted"]) if dom.summary else -1
check(totals == [str(at_warning), str(len(findings) - at_warning), str(linted)],
      f"JUnit failures/skipped/suites equal the JSON's warnings+errors/the rest/linted files ({totals})")

issues = json.load(open(f"{work}/report.gitlab"))
def valid(issue):
    location = issue.get("location", {})
    return (all(isinstance(issue.get(key), str) and issue[key] for key in ("description", "check_name", "fingerprint"))
            and issue.get("severity") in ("info", "minor", "major", "critical", "blocker")
            and isinstance(location.get("path"), str) and not location["path"].startswith("/")
            and isinstance(location.get("lines", {}).get("begin"), int) and location["lines"]["begin"] >= 1)
check(len(issues) == len(findings) and all(map(valid, issues)), f"GitLab Code Quality: {len(issues)} issues with the required fields")
check(len({issue["fingerprint"] for issue in issues}) == len(issues), "GitLab fingerprints are distinct")
sys.exit(min(failures, 100))
PY

if [ "$failures" -gt 0 ]; then
    echo "$NAME: $failures check(s) failed" >&2
    tail -5 "$WORK/chromium.log" >&2 || true
    exit 1
fi
echo "$NAME: all checks passed"

#!/usr/bin/env python3
# The resident memory of `swiftui-gotchas lsp` with a tree's 50 largest SwiftUI files open, read 3 s
# after the server logged the end of indexing: VmRSS split into heap and file-backed pages, and the
# largest mappings. Python 3 standard library only.
#
# usage: scripts/server-memory-probe.py SERVER TREE
#   OUTSIDE=1   open the same texts under URIs outside the tree
#   PREFIX=...  a command to run the server under (e.g. "heaptrack -o /tmp/ht")
#   DOCS=DIR    open the .swift files of DIR instead, under URIs outside the tree (the bench's
#               50 documents: `swiftui-gotchas-bench --write-memory-documents DIR`)
import json, os, subprocess, sys, time, threading
server, tree = sys.argv[1], os.path.abspath(sys.argv[2])
env = dict(os.environ)
pre = os.environ.get('PREFIX','').split(); p = subprocess.Popen(pre + [server, 'lsp'], stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env)
def send(m):
    b = json.dumps(m).encode(); p.stdin.write(b'Content-Length: %d\r\n\r\n' % len(b) + b); p.stdin.flush()
msgs = []; lock = threading.Lock()
def reader():
    f = p.stdout
    while True:
        n = None
        while True:
            line = f.readline()
            if not line: return
            if line.lower().startswith(b'content-length'): n = int(line.split(b':')[1])
            elif line in (b'\r\n', b'\n') and n is not None: break
        m = json.loads(f.read(n))
        with lock: msgs.append(m)
threading.Thread(target=reader, daemon=True).start()
def wait(pred, t=600):
    end = time.time() + t
    while time.time() < end:
        with lock:
            for m in msgs:
                if pred(m): return m
        time.sleep(0.05)
    raise SystemExit('timeout')
files = []
for r, ds, fs in os.walk(tree):
    for f in fs:
        if f.endswith('.swift'):
            q = os.path.join(r, f); t = open(q, errors='replace').read()
            if 'import SwiftUI' in t: files.append((len(t), q, t))
files.sort(reverse=True); files = files[:50]
if os.environ.get('DOCS'):
    d = os.environ['DOCS']
    files = [(0, os.path.join(d, f), open(os.path.join(d, f)).read()) for f in sorted(os.listdir(d)) if f.endswith('.swift')]
    os.environ['OUTSIDE'] = '1'

send({'jsonrpc':'2.0','id':1,'method':'initialize','params':{'processId':None,'rootUri':'file://'+tree,'capabilities':{}}})
wait(lambda m: m.get('id') == 1)
send({'jsonrpc':'2.0','method':'initialized','params':{}})
for _, q, t in files:
    send({'jsonrpc':'2.0','method':'textDocument/didOpen','params':{'textDocument':{'uri':(('file:///bench/memory/S%d.swift' % hash(q)) if os.environ.get('OUTSIDE') else 'file://'+q),'languageId':'swift','version':1,'text':t}}})
wait(lambda m: m.get('method') == 'window/logMessage' and m['params']['message'].startswith('indexed '))
time.sleep(3)
def fields(path, names):
    out = {}
    for line in open(path):
        k = line.split(':')[0]
        if k in names: out[k] = int(line.split()[1]) / 1000
    return out
print(fields(f'/proc/{p.pid}/status', {'VmRSS','VmHWM','RssAnon','RssFile','RssShmem'}))
print(fields(f'/proc/{p.pid}/smaps_rollup', {'Rss','Anonymous','Private_Clean','Shared_Clean','Private_Dirty'}))
# biggest mappings by Rss
cur = None; rows = []
for line in open(f'/proc/{p.pid}/smaps'):
    parts = line.split()
    if '-' in parts[0] and len(parts) >= 5 and not parts[0].endswith(':'):
        cur = parts[5] if len(parts) > 5 else '[anon]'
    elif parts[0] == 'Rss:':
        rows.append((int(parts[1]), cur))
agg = {}
for kb, name in rows: agg[name] = agg.get(name, 0) + kb
for name, kb in sorted(agg.items(), key=lambda x: -x[1])[:14]: print(f'{kb/1000:7.1f} MB  {name}')
send({'jsonrpc':'2.0','id':2,'method':'shutdown'}); send({'jsonrpc':'2.0','method':'exit'})

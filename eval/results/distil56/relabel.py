# relabel.py CAPICUA SRC TEACHER OUT: every label of SRC searched again by TEACHER (one engine), for diagnostics.md
import json,subprocess,sys
cap,src,teacher,out=sys.argv[1:5]
p=subprocess.Popen([cap,"engine"],stdin=subprocess.PIPE,stdout=subprocess.PIPE,stderr=subprocess.DEVNULL,text=True)
o=open(out,'w')
for l in open(src):
    d=json.loads(l); seat=d['seat']
    pos={"variant":d["variant"],"seat":seat,"first":d["first"],"hand":d["hands"][seat],"moves":d["moves"][:d["at"]],"pending_ties":d["pending_ties"]}
    p.stdin.write(json.dumps({"type":"go","id":0,"position":pos,"player":teacher})+"\n"); p.stdin.flush()
    while True:
        rep=json.loads(p.stdout.readline())
        if rep.get("type")!="info": break
    o.write(json.dumps(dict(d,reply=rep))+"\n"); o.flush()

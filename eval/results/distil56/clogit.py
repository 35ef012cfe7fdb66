# clogit.py LABELS...: conditional logit of the teacher's move (most visits) on the log prior, the tile's pips/18 and doubleness (addendum)
import json, math, sys
X=[]
for f in sys.argv[1:]:
  for l in open(f):
    d=json.loads(l); ms=d['reply']['moves']
    feats=[]
    for m in ms:
        t=m['move'].split('@')[0]; a,b=map(int,t.split('-'))
        feats.append((math.log(max(m['prior'],1e-6)), (a+b)/18.0, float(a==b)))
    ch=max(range(len(ms)),key=lambda i:ms[i]['visits'])
    X.append((feats,ch))
def solve(H,g):
    n=len(g); A=[row[:]+[g[i]] for i,row in enumerate(H)]
    for c in range(n):
        p=max(range(c,n),key=lambda r:abs(A[r][c])); A[c],A[p]=A[p],A[c]
        for r in range(n):
            if r!=c:
                f=A[r][c]/A[c][c]; A[r]=[x-f*y for x,y in zip(A[r],A[c])]
    return [A[i][n]/A[i][i] for i in range(n)]
def inv_diag(H):
    n=len(H); out=[]
    for i in range(n):
        e=[0.0]*n; e[i]=1.0; out.append(solve(H,e)[i])
    return out
def fit(cols):
    w=[0.0]*len(cols)
    for it in range(30):
        k=len(w); g=[0.0]*k; H=[[0.0]*k for _ in range(k)]; ll=0.0
        for F,ch in X:
            Z=[[f[c] for c in cols] for f in F]
            s=[sum(wi*zi for wi,zi in zip(w,z)) for z in Z]; m=max(s)
            p=[math.exp(x-m) for x in s]; S=sum(p); p=[x/S for x in p]
            ll+=math.log(p[ch]); mu=[sum(p[j]*Z[j][i] for j in range(len(Z))) for i in range(k)]
            for i in range(k):
                g[i]+=Z[ch][i]-mu[i]
                for j in range(k):
                    H[i][j]-=sum(p[q]*Z[q][i]*Z[q][j] for q in range(len(Z)))-mu[i]*mu[j]
        step=solve(H,g); w=[a-b for a,b in zip(w,step)]
        if max(abs(x) for x in step)<1e-7: break
    se=[math.sqrt(-x) for x in inv_diag(H)]
    return w,se,ll
print(len(X),'decisions')
for cols,name in [([0],'logprior'),([0,1],'logprior + pips/18'),([0,1,2],'logprior + pips/18 + double')]:
    w,se,ll=fit(cols); print(f"{name}: w {[round(x,3) for x in w]} se {[round(x,3) for x in se]} loglik {ll:.1f}")

# An independent check of Firebase's scrypt variant (issue 19), apart from the server's
# node:crypto code (apps/server/src/auth/firebase/firebase-scrypt.ts): scrypt written out from
# RFC 7914 in pure Python (Salsa20/8, BlockMix, ROMix, PBKDF2-HMAC-SHA256 with the hmac module,
# checked against the RFC's own vector), and the CTR keystream built by hand from AES-ECB blocks
# of a big-endian counter (the cryptography package's AES). It printed the CROSS_CHECKED vector
# of firebase-scrypt.test.ts. Slow on purpose (pure Python); about 40 s for mem_cost 10:
#   python3 scripts/firebase-scrypt-cross-check.py "pässwörd 🔑" c2FsdC1mb3ItbHVtZW4= Bw== \
#     bHVtZW4tc2lnbmVyLWtleS1mb3ItdGhlLWltcG9ydC10ZXN0LTAxMjM0NTY3ODk= 4 10
# Arguments: password, salt, salt separator, signer key (base64), rounds, mem_cost.
import base64, hmac, hashlib, struct, sys
from cryptography.hazmat.primitives.ciphers import Cipher, algorithms, modes

def pbkdf2(password, salt, length):
    out = b""
    i = 1
    while len(out) < length:
        out += hmac.new(password, salt + struct.pack(">I", i), hashlib.sha256).digest()
        i += 1
    return out[:length]

def R(a, b): return ((a << b) | (a >> (32 - b))) & 0xffffffff

def salsa20_8(B):
    x = list(struct.unpack("<16I", B))
    inp = x[:]
    for _ in range(4):
        x[4] ^= R((x[0]+x[12])&0xffffffff,7); x[8] ^= R((x[4]+x[0])&0xffffffff,9)
        x[12] ^= R((x[8]+x[4])&0xffffffff,13); x[0] ^= R((x[12]+x[8])&0xffffffff,18)
        x[9] ^= R((x[5]+x[1])&0xffffffff,7); x[13] ^= R((x[9]+x[5])&0xffffffff,9)
        x[1] ^= R((x[13]+x[9])&0xffffffff,13); x[5] ^= R((x[1]+x[13])&0xffffffff,18)
        x[14] ^= R((x[10]+x[6])&0xffffffff,7); x[2] ^= R((x[14]+x[10])&0xffffffff,9)
        x[6] ^= R((x[2]+x[14])&0xffffffff,13); x[10] ^= R((x[6]+x[2])&0xffffffff,18)
        x[3] ^= R((x[15]+x[11])&0xffffffff,7); x[7] ^= R((x[3]+x[15])&0xffffffff,9)
        x[11] ^= R((x[7]+x[3])&0xffffffff,13); x[15] ^= R((x[11]+x[7])&0xffffffff,18)
        x[1] ^= R((x[0]+x[3])&0xffffffff,7); x[2] ^= R((x[1]+x[0])&0xffffffff,9)
        x[3] ^= R((x[2]+x[1])&0xffffffff,13); x[0] ^= R((x[3]+x[2])&0xffffffff,18)
        x[6] ^= R((x[5]+x[4])&0xffffffff,7); x[7] ^= R((x[6]+x[5])&0xffffffff,9)
        x[4] ^= R((x[7]+x[6])&0xffffffff,13); x[5] ^= R((x[4]+x[7])&0xffffffff,18)
        x[11] ^= R((x[10]+x[9])&0xffffffff,7); x[8] ^= R((x[11]+x[10])&0xffffffff,9)
        x[9] ^= R((x[8]+x[11])&0xffffffff,13); x[10] ^= R((x[9]+x[8])&0xffffffff,18)
        x[12] ^= R((x[15]+x[14])&0xffffffff,7); x[13] ^= R((x[12]+x[15])&0xffffffff,9)
        x[14] ^= R((x[13]+x[12])&0xffffffff,13); x[15] ^= R((x[14]+x[13])&0xffffffff,18)
    return struct.pack("<16I", *[(a + b) & 0xffffffff for a, b in zip(x, inp)])

def xor(a, b): return bytes(p ^ q for p, q in zip(a, b))

def blockmix(B, r):
    X = B[(2*r-1)*64:]
    Y = []
    for i in range(2*r):
        X = salsa20_8(xor(X, B[i*64:(i+1)*64]))
        Y.append(X)
    return b"".join(Y[0::2] + Y[1::2])

def romix(B, N, r):
    X = B
    V = []
    for _ in range(N):
        V.append(X)
        X = blockmix(X, r)
    for _ in range(N):
        j = struct.unpack("<I", X[(2*r-1)*64:(2*r-1)*64+4])[0] % N
        X = blockmix(xor(X, V[j]), r)
    return X

def scrypt(password, salt, N, r, p, length):
    B = pbkdf2(password, salt, p * 128 * r)
    B = b"".join(romix(B[i*128*r:(i+1)*128*r], N, r) for i in range(p))
    return pbkdf2(password, B, length)

def firebase_hash(password, salt_b64, sep_b64, signer_b64, rounds, mem_cost):
    key = scrypt(password.encode("utf-8"), base64.b64decode(salt_b64) + base64.b64decode(sep_b64), 2**mem_cost, rounds, 1, 32)
    signer = base64.b64decode(signer_b64)
    ecb = Cipher(algorithms.AES(key), modes.ECB()).encryptor()
    blocks = (len(signer) + 15) // 16
    stream = b"".join(ecb.update(i.to_bytes(16, "big")) for i in range(blocks))
    return base64.b64encode(xor(signer, stream)).decode()

# RFC 7914's second test vector checks the scrypt part on its own.
assert scrypt(b"password", b"NaCl", 1024, 8, 16, 64).hex().startswith("fdbabe1c9d3472007856e7190d01e9fe"), "RFC 7914"
print("rfc7914 ok")
print(firebase_hash(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4], int(sys.argv[5]), int(sys.argv[6])))

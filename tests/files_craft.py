"""Crafted stored files for tests/cli_files.sh: damage that still checks.

Each command rewrites a file grundy wrote, recomputing its checksums, so
that what the reader meets is a file whose checksums hold and whose
content is wrong (or a header from an earlier write).

  seq-make FILE N RULES MASK  sequence file of G(0..N-1): 0, then 2 (a stand-in, for sizes)
  seq-count FILE N            sequence file: the header's count set to N
  seq-value FILE HEAP V       sequence file: G(HEAP) set to V, block checksum redone
  table-value FILE A B V      sharing table: G(0,A,B) set to V, the row's CRC redone
  tier-value DIR T RANK V     tier file T of DIR: value RANK set to V, checksums redone
  manifest DIR KEY VALUE      MANIFEST of DIR: the line "KEY ..." replaced
"""
import struct
import sys
import zlib

M64 = (1 << 64) - 1


# ---------------------------------------------------- sequence files (seqfile.c)

def seq_checksum(buf, seed):
    """The 64-bit block checksum of src/io/seqfile.c."""
    h = 0x9E3779B97F4A7C15 ^ ((seed * 0xFF51AFD7ED558CCD) & M64)
    i = 0
    while i + 8 <= len(buf):
        (w,) = struct.unpack_from('<Q', buf, i)
        h = ((h ^ w) * 0x100000001B3) & M64
        h ^= h >> 29
        i += 8
    for b in buf[i:]:
        h = ((h ^ b) * 0x100000001B3) & M64
    h ^= len(buf)
    h = (h * 0xC4CEB9FE1A85EC53) & M64
    return h ^ (h >> 33)


def seq_make(path, count, rules, mask, block=65536):
    head = bytearray(256)
    head[:8] = b'GRSEQ\0\0\1'
    struct.pack_into('<IIIIQ', head, 8, 2, block, 0, mask, count)
    head[32:32 + len(rules)] = rules.encode()
    struct.pack_into('<Q', head, 128, seq_checksum(bytes(head[:128]), 0))
    with open(path, 'wb') as f:
        f.write(head)
        full = struct.pack('<H', 2) * block
        for b in range((count + block - 1) // block):
            n = min(block, count - b * block)
            body = full[:2 * n]
            if b == 0:
                body = struct.pack('<H', 0) + body[2:]
            f.write(body + struct.pack('<Q', seq_checksum(body, b)))


def seq_count(path, count):
    with open(path, 'r+b') as f:
        head = bytearray(f.read(256))
        assert struct.unpack_from('<Q', head, 128)[0] == seq_checksum(bytes(head[:128]), 0), 'not a checked header'
        struct.pack_into('<Q', head, 24, count)
        struct.pack_into('<Q', head, 128, seq_checksum(bytes(head[:128]), 0))
        f.seek(0)
        f.write(head)


def seq_value(path, heap, value):
    data = bytearray(open(path, 'rb').read())
    (block,) = struct.unpack_from('<I', data, 12)
    b, k = divmod(heap, block)
    start = 256 + b * (block * 2 + 8)
    end = min(start + block * 2 + 8, len(data))
    struct.pack_into('<H', data, start + 2 * k, value)
    body = bytes(data[start:end - 8])
    struct.pack_into('<Q', data, end - 8, seq_checksum(body, b))
    open(path, 'wb').write(data)


# ------------------------------------------------- sharing tables (s3file.c)

def table_rows(data):
    """Rows of a table file: (width, values) each."""
    assert data[:8] == b'GRS3TBL1'
    (n,) = struct.unpack_from('<I', data, 8)
    at, rows = 16, []
    for b in range(n + 1):
        w = data[at]
        length = b // 2 + 1
        nbytes = (length * w + 7) // 8
        bits = int.from_bytes(data[at + 1:at + 1 + nbytes], 'little')
        rows.append([(bits >> (a * w)) & ((1 << w) - 1) if w else 0 for a in range(length)])
        at += 1 + nbytes + 4
    return n, rows


def table_record(row):
    top = max(row)
    w = top.bit_length()
    bits = 0
    for a, v in enumerate(row):
        bits |= v << (a * w)
    rec = bytes([w]) + bits.to_bytes((len(row) * w + 7) // 8, 'little')
    # CRC-32, reflected polynomial 0xEDB88320 (s3file.c): zlib's crc32
    return rec + struct.pack('<I', zlib.crc32(rec) & 0xFFFFFFFF)


def table_value(path, a, b, value):
    n, rows = table_rows(open(path, 'rb').read())
    rows[b][a] = value
    out = b'GRS3TBL1' + struct.pack('<II', n, 0) + b''.join(table_record(r) for r in rows)
    open(path, 'wb').write(out)


# ------------------------------------------------------ tier files (tierdb.c)

def fnv(data):
    h = 1469598103934665603
    for x in data:
        h = ((h ^ x) * 1099511628211) & M64
    return h


def tier_value(d, t, rank, value):
    path = '%s/tier-%08d.grt' % (d, t)
    data = open(path, 'rb').read()
    head = bytearray(data[:48])
    (width,) = struct.unpack_from('<I', head, 12)
    (count,) = struct.unpack_from('<Q', head, 24)
    vals = [int.from_bytes(data[48 + i * width:48 + (i + 1) * width], 'little') for i in range(count)]
    vals[rank] = value
    width = 1 if max(vals) < 256 else 2 if max(vals) < 65536 else 4
    struct.pack_into('<I', head, 12, width)
    struct.pack_into('<Q', head, 32, fnv(b''.join(struct.pack('<I', v) for v in vals)))
    struct.pack_into('<Q', head, 40, fnv(bytes(head[:40])))
    open(path, 'wb').write(bytes(head) + b''.join(v.to_bytes(width, 'little') for v in vals))


def manifest(d, key, value):
    path = d + '/MANIFEST'
    lines = open(path).read().splitlines()
    lines = [key + ' ' + value if ln.split(' ')[0] == key else ln for ln in lines]
    open(path, 'w').write('\n'.join(lines) + '\n')


def main(argv):
    cmd, args = argv[1], argv[2:]
    if cmd == 'seq-make':
        seq_make(args[0], int(args[1]), args[2], int(args[3], 0))
    elif cmd == 'seq-count':
        seq_count(args[0], int(args[1]))
    elif cmd == 'seq-value':
        seq_value(args[0], int(args[1]), int(args[2]))
    elif cmd == 'table-value':
        table_value(args[0], int(args[1]), int(args[2]), int(args[3]))
    elif cmd == 'tier-value':
        tier_value(args[0], int(args[1]), int(args[2]), int(args[3]))
    elif cmd == 'manifest':
        manifest(args[0], args[1], args[2])
    else:
        sys.exit('unknown command ' + cmd)


if __name__ == '__main__':
    main(sys.argv)

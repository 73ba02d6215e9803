/* The exact search behind the AI Mission Control, in C: fewest transmissions to complete missions.
 *
 * Source: RULES.md, A transmission (1. Select: 5 viable commands in intended order); The commands;
 * Missions.  The same search as companion/games/transmission/mission_control/solver.py (iterative
 * deepening over whole transmissions, distinct outcomes of one transmission from an event trie, a
 * transposition table) with the same admissible lower bound as bound.py and walks.py (ported choice by
 * choice; its proof is in bound.py's docstring).  The search's answers are exact, so they do not depend
 * on the order in which it tries children or on how strong its bound is: the planner's own order
 * (planner.py) stays in Python, and its decisions are the same with this core or without it.  The tests
 * (tests/test_native_search.py) compare every answer with the Python search and this bound with the
 * Python bound.
 *
 * Shapes (as solver.py): a board is 25 characters in referee notation row by row ('.' a hallway, an
 * upper-case letter an intact module, lower case a damaged one), the Cadet's cell 0-24, the carried
 * device's upper-case letter or none, the remaining missions as pairs of upper-case letters.
 *
 * The GIL is released while a search runs; one Core serves one thread at a time (another thread's call
 * meanwhile raises RuntimeError).  After a timeout the tables hold only what finished searches proved.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef SEARCH_SOURCE_SHA256
#define SEARCH_SOURCE_SHA256 "unknown"
#endif

#define CELLS 25
#define SIZE 5
#define REGISTERS 5
#define MAXP 8            /* remaining pairs a Core accepts (a mask fits a byte) */
#define INF 1000          /* walks.INF: "never" */
#define MAXDEPTH 64       /* transmissions a search may look ahead */
#define MAXWALK 12        /* targets beyond which the bound leaves the walks out: bound.MAX_WALK_TARGETS */
/* With at most BOUND_PAIRS pairs the bound is exactly bound.py's: both leave the walks out beyond MAXWALK
 * targets and list the choices over at most 12 movable devices (bound.MAX_WALK_TARGETS, MAX_MOVABLE). */
#define BOUND_PAIRS MAXP

enum { N_, E_, S_, W_, COLLECT, DEPLOY, REPAIR, COMMANDS };
#define MOVES 4
#define HALLWAY '.'

static int DIST[CELLS][CELLS];
static int NEARV[CELLS][CELLS]; /* walks.NEAR[q][c] */
static int STEP[CELLS][MOVES];
static int ADJ[CELLS][CELLS];

static void init_geometry(void) {
    for (int a = 0; a < CELLS; a++) {
        for (int b = 0; b < CELLS; b++) {
            DIST[a][b] = abs(a / SIZE - b / SIZE) + abs(a % SIZE - b % SIZE);
            ADJ[a][b] = DIST[a][b] == 1;
        }
    }
    for (int q = 0; q < CELLS; q++)
        for (int c = 0; c < CELLS; c++) NEARV[q][c] = c != q ? DIST[q][c] - 1 : 1;
    for (int c = 0; c < CELLS; c++) {
        int r = c / SIZE, k = c % SIZE;
        STEP[c][N_] = r > 0 ? c - SIZE : -1;
        STEP[c][E_] = k < SIZE - 1 ? c + 1 : -1;
        STEP[c][S_] = r < SIZE - 1 ? c + SIZE : -1;
        STEP[c][W_] = k > 0 ? c - 1 : -1;
    }
}

static int ceil_div(int n, int per) {
    if (n <= 0) return 0;
    if (per <= 0) return INF;
    return (n + per - 1) / per;
}

static int is_upper(int ch) { return ch >= 'A' && ch <= 'Z'; }
static int is_lower(int ch) { return ch >= 'a' && ch <= 'z'; }
static int upper_of(int ch) { return is_lower(ch) ? ch - 'a' + 'A' : ch; }

/* ------------------------------------------------------------------ hashing */

static uint64_t hash_bytes(const uint8_t *p, size_t n) {
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h ^ (h >> 29);
}

/* ------------------------------------------------------------------ growable arrays */

/* Room for one more item of `size` bytes in the array *items of *cap items, n of them used: the array
 * doubles (from `first`) when full.  0, or -1 when out of memory (the array unchanged). */
static int room(void **items, int *cap, int n, size_t size, int first) {
    if (n < *cap) return 0;
    int grown = *cap ? *cap * 2 : first;
    void *p = realloc(*items, size * (size_t)grown);
    if (!p) return -1;
    *items = p;
    *cap = grown;
    return 0;
}

/* ------------------------------------------------------------------ the event tries */

typedef struct {
    uint32_t ends;  /* bit c: a program whose events end at this node ends on cell c */
    int32_t first;  /* first kid, -1 none */
} TrieNode;

typedef struct {
    uint8_t k, cell;
    int32_t child, next;
} TrieKid;

typedef struct {
    TrieNode *nodes;
    TrieKid *kids;
    int n_nodes, cap_nodes, n_kids, cap_kids;
} Trie;

static int trie_node(Trie *t) {
    if (room((void **)&t->nodes, &t->cap_nodes, t->n_nodes, sizeof(TrieNode), 256) < 0) return -1;
    t->nodes[t->n_nodes].ends = 0;
    t->nodes[t->n_nodes].first = -1;
    return t->n_nodes++;
}

static int trie_child(Trie *t, int node, int k, int cell) {
    for (int i = t->nodes[node].first; i >= 0; i = t->kids[i].next)
        if (t->kids[i].k == k && t->kids[i].cell == cell) return t->kids[i].child;
    int child = trie_node(t);
    if (child < 0) return -1;
    if (room((void **)&t->kids, &t->cap_kids, t->n_kids, sizeof(TrieKid), 256) < 0) return -1;
    TrieKid *kid = &t->kids[t->n_kids];
    kid->k = (uint8_t)k;
    kid->cell = (uint8_t)cell;
    kid->child = child;
    kid->next = t->nodes[node].first;
    t->nodes[node].first = t->n_kids++;
    return child;
}

/* Every program of REGISTERS commands within the counts from `cell`, merged by its events. */
static int trie_fill(Trie *t, int node, int cell, int step, int *left, int *programs) {
    if (step == REGISTERS) {
        t->nodes[node].ends |= 1u << cell;
        ++*programs;
        return 0;
    }
    for (int k = 0; k < COMMANDS; k++) {
        if (!left[k]) continue;
        int to = cell, at = node;
        if (k < MOVES) {
            to = STEP[cell][k];
            if (to < 0) continue;
        } else {
            at = trie_child(t, node, k, cell);
            if (at < 0) return -1;
        }
        left[k]--;
        int bad = trie_fill(t, at, to, step + 1, left, programs);
        left[k]++;
        if (bad) return -1;
    }
    return 0;
}

/* ------------------------------------------------------------------ pair sets */

typedef struct {
    int n;
    uint8_t a[MAXP], b[MAXP];
    int32_t *rest; /* per mask of completed pairs: the id of the pairs left, -1 not yet known */
} PairSet;

/* ------------------------------------------------------------------ tables */

typedef struct {
    uint8_t key[30]; /* board (25), cadet, carried letter or 0, pair set id (2 bytes), 0 */
    uint8_t lower;   /* best proven lower bound */
    uint8_t exact;   /* value + 1, 0 unknown */
} TTEntry;

typedef struct {
    uint8_t key[28]; /* the board as the bound sees it (25), carried letter or 0, pair set id (2) */
    uint16_t cheap[CELLS]; /* per Cadet cell, without the walks through the targets (never above full) */
    uint16_t full[CELLS];  /* per Cadet cell, the bound (once has_full) */
    uint8_t used, has_full;
} BoundEntry;

typedef struct {
    uint8_t board[CELLS];
    uint8_t held, mask;
    uint32_t cells;
    int32_t used; /* slot in use (1) */
} Group;

typedef struct {
    uint16_t v;
    uint8_t left, cell;
    int32_t group;
} Child;

typedef struct {
    Group *slots;     /* cap of them, a power of 2: twice the groups one expansion can make */
    int32_t *order;   /* filled slots in order */
    int n;
    size_t cap;
    Child *children;  /* Core.programs of them: an outcome comes from at least one program */
} Level;

/* The tries of every start cell for one deck, shared by the Cores of the process (they never change). */
typedef struct {
    int counts[COMMANDS];
    Trie tries[CELLS];
    int programs; /* the most programs from one start cell (every outcome of one transmission has one) */
    int nodes;    /* the most nodes of one trie (a walk of it makes at most one group per node) */
    int refs;     /* Cores using it, plus 1 while cached */
} TrieSet;

#define TRIE_SETS 8
static TrieSet *trie_sets[TRIE_SETS];

typedef struct {
    uint8_t key[28]; /* board, cadet, hand, mask */
    uint32_t gen;    /* the Core_outcomes call that saw it */
} SeenEntry;

typedef struct {
    PyObject_HEAD
    int counts[COMMANDS];
    uint8_t device[128];
    TrieSet *ts;
    size_t slots_trie; /* a Level's slots for a walk of the tries: twice the most nodes of one trie */
    size_t slots_all;  /* ... for a walk program by program (a pending pair): twice the most programs */
    PairSet *sets;
    int n_sets, cap_sets;
    TTEntry *tt;
    size_t tt_cap, tt_used, tt_max;
    BoundEntry *bounds;
    size_t b_cap, b_used;
    Level levels[MAXDEPTH + 1];
    int32_t *walk_w;  /* scratch for the walks: (1 << MAXWALK) * MAXWALK */
    uint16_t *walk_live; /* scratch for the walks: 1 << MAXWALK */
    long long nodes;
    double stop_at;
    int overflow; /* a level ran out of room (never with the sizes above): the search answers -2 */
    SeenEntry *seen; /* Core_outcomes' table of the outcomes seen, slots_all of them */
    size_t seen_cap;
    uint32_t seen_gen;
    int busy;
} Core;

/* ------------------------------------------------------------------ pair sets: interning */

static int set_find(Core *c, int n, const uint8_t *a, const uint8_t *b) {
    for (int i = 0; i < c->n_sets; i++) {
        PairSet *s = &c->sets[i];
        if (s->n == n && !memcmp(s->a, a, (size_t)n) && !memcmp(s->b, b, (size_t)n)) return i;
    }
    if (c->n_sets == 65535) return -1;
    if (room((void **)&c->sets, &c->cap_sets, c->n_sets, sizeof(PairSet), 16) < 0) return -1;
    PairSet *s = &c->sets[c->n_sets];
    memset(s, 0, sizeof(*s));
    s->n = n;
    memcpy(s->a, a, (size_t)n);
    memcpy(s->b, b, (size_t)n);
    s->rest = malloc(sizeof(int32_t) << n);
    if (!s->rest) return -1;
    for (int m = 0; m < (1 << n); m++) s->rest[m] = -1;
    return c->n_sets++;
}

/* The id of a canonical set (each pair's letters sorted, the pairs sorted), -1 when out of memory. */
static int set_intern(Core *c, int n, const uint8_t *a0, const uint8_t *b0) {
    uint8_t a[MAXP], b[MAXP];
    for (int i = 0; i < n; i++) {
        a[i] = a0[i] < b0[i] ? a0[i] : b0[i];
        b[i] = a0[i] < b0[i] ? b0[i] : a0[i];
    }
    for (int i = 1; i < n; i++) { /* insertion sort: a few pairs */
        for (int j = i; j > 0 && (a[j - 1] > a[j] || (a[j - 1] == a[j] && b[j - 1] > b[j])); j--) {
            uint8_t t = a[j]; a[j] = a[j - 1]; a[j - 1] = t;
            t = b[j]; b[j] = b[j - 1]; b[j - 1] = t;
        }
    }
    return set_find(c, n, a, b);
}

static int set_rest(Core *c, int id, int mask) {
    int r = c->sets[id].rest[mask];
    if (r >= 0) return r;
    uint8_t a[MAXP], b[MAXP];
    int n = 0;
    PairSet *s = &c->sets[id];
    for (int i = 0; i < s->n; i++) {
        if (mask >> i & 1) continue;
        a[n] = s->a[i];
        b[n] = s->b[i];
        n++;
    }
    r = set_find(c, n, a, b); /* a subset of a canonical set is canonical */
    if (r >= 0) c->sets[id].rest[mask] = r; /* set_find may move c->sets: index again */
    return r;
}

/* ------------------------------------------------------------------ missions */

/* mask plus the bit of every pair (pa[i], pb[i]) now complete: both intact and orthogonally adjacent
 * (kernel.completed). */
static int mask_completed(const uint8_t *board, const uint8_t *pa, const uint8_t *pb, int np, int mask) {
    for (int i = 0; i < np; i++) {
        if (mask >> i & 1) continue;
        const uint8_t *x = memchr(board, pa[i], CELLS);
        if (!x) continue;
        const uint8_t *y = memchr(board, pb[i], CELLS);
        if (y && ADJ[x - board][y - board]) mask |= 1 << i;
    }
    return mask;
}

static int completed(const uint8_t *board, const PairSet *s, int mask) {
    return mask_completed(board, s->a, s->b, s->n, mask);
}

/* ------------------------------------------------------------------ the actions (kernel.action_refusal) */

/* Collect, Deploy or Repair on tile `here` with `held` in hand: 1 and the tile left and the hand after,
 * or 0 when refused (RULES.md, The commands). */
static int act(const uint8_t *device, int k, uint8_t here, uint8_t held, uint8_t *tile, uint8_t *hand) {
    if (k == REPAIR) {
        if (!is_lower(here)) return 0;
        *tile = (uint8_t)upper_of(here);
        *hand = held;
        return 1;
    }
    if (k == COLLECT) {
        if (held || !is_upper(here) || !device[here]) return 0;
        *tile = HALLWAY;
        *hand = here;
        return 1;
    }
    /* DEPLOY */
    if (!held || here != HALLWAY) return 0;
    *tile = held;
    *hand = 0;
    return 1;
}

/* ------------------------------------------------------------------ the arguments from Python */

/* Each parser checks one argument, sets a ValueError naming what was wrong and returns -1, or 0. */

static int parse_board(const char *b, Py_ssize_t nb, uint8_t *board) {
    if (nb != CELLS) {
        PyErr_Format(PyExc_ValueError, "a board is %d characters, not %zd", CELLS, nb);
        return -1;
    }
    for (int q = 0; q < CELLS; q++) {
        unsigned char ch = (unsigned char)b[q];
        if (ch != HALLWAY && !is_upper(ch) && !is_lower(ch)) {
            PyErr_Format(PyExc_ValueError, "board cell %d holds %c: not a hallway or a module", q, ch);
            return -1;
        }
        board[q] = ch;
    }
    return 0;
}

static int parse_cadet(int cadet) {
    if (cadet >= 0 && cadet < CELLS) return 0;
    PyErr_Format(PyExc_ValueError, "the Cadet's cell must be 0 to 24, not %d", cadet);
    return -1;
}

static int parse_devices(const char *dv, Py_ssize_t nd, uint8_t *device) {
    memset(device, 0, 128);
    for (Py_ssize_t i = 0; i < nd; i++) {
        if (!is_upper((unsigned char)dv[i])) {
            PyErr_Format(PyExc_ValueError, "devices must be upper-case letters, not %.40s", dv);
            return -1;
        }
        device[(unsigned char)dv[i]] = 1;
    }
    return 0;
}

/* The carried letter: "" or one upper-case letter (one of `device` when given). */
static int parse_hand(const char *h, Py_ssize_t nh, const uint8_t *device, uint8_t *held) {
    if (nh > 1 || (nh == 1 && (!is_upper((unsigned char)h[0]) || (device && !device[(unsigned char)h[0]])))) {
        PyErr_SetString(PyExc_ValueError, "the carried device must be one device's upper-case letter or empty");
        return -1;
    }
    *held = nh ? (uint8_t)h[0] : 0;
    return 0;
}

/* 2 upper-case letters per pair, at most `most` pairs, into pa[] and pb[] in their order. */
static int parse_pairs(const char *p, Py_ssize_t np, int most, uint8_t *pa, uint8_t *pb, int *n) {
    if (np % 2 || np / 2 > most) {
        PyErr_Format(PyExc_ValueError, "pairs must be 2 letters per pair, at most %d pairs (%zd letters given)",
                     most, np);
        return -1;
    }
    for (Py_ssize_t i = 0; i < np / 2; i++) {
        pa[i] = (uint8_t)p[2 * i];
        pb[i] = (uint8_t)p[2 * i + 1];
        if (!is_upper(pa[i]) || !is_upper(pb[i])) {
            PyErr_SetString(PyExc_ValueError, "pairs must be upper-case letters");
            return -1;
        }
    }
    *n = (int)(np / 2);
    return 0;
}

/* 7 card counts, N E S W COLLECT DEPLOY REPAIR, each 0 to `most`. */
static int parse_counts(PyObject *obj, int most, int *counts) {
    PyObject *seq = PySequence_Fast(obj, "counts must be a sequence of 7 card counts");
    if (!seq) return -1;
    int bad = 0;
    if (PySequence_Fast_GET_SIZE(seq) != COMMANDS) {
        PyErr_SetString(PyExc_ValueError, "counts must be 7 card counts (N E S W COLLECT DEPLOY REPAIR)");
        bad = 1;
    }
    for (int k = 0; k < COMMANDS && !bad; k++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, k));
        if (v == -1 && PyErr_Occurred()) {
            bad = 1;
        } else if (v < 0 || v > most) {
            PyErr_Format(PyExc_ValueError, "each card count must be 0 to %d, not %ld", most, v);
            bad = 1;
        } else {
            counts[k] = (int)v;
        }
    }
    Py_DECREF(seq);
    return bad ? -1 : 0;
}

/* The class of the items a walk returns: a tuple subclass with no fields of its own (a NamedTuple), or
 * NULL for plain tuples (None or nothing given); -1 with a TypeError for anything else. */
static int parse_item_class(PyObject **cls) {
    if (*cls == Py_None) *cls = NULL;
    PyTypeObject *t = (PyTypeObject *)*cls;
    if (*cls && (!PyType_Check(*cls) || !PyType_IsSubtype(t, &PyTuple_Type) ||
                 t->tp_basicsize != PyTuple_Type.tp_basicsize || t->tp_itemsize != PyTuple_Type.tp_itemsize)) {
        PyErr_SetString(PyExc_TypeError, "the item class must be a tuple subclass without fields of its own");
        return -1;
    }
    return 0;
}

/* A tuple of the `n` items, of class `cls` (or a plain tuple), the items stolen; NULL when one of them
 * or the tuple could not be made (every item released). */
static PyObject *new_item(PyTypeObject *cls, int n, PyObject **items) {
    PyObject *item = NULL;
    int ok = 1;
    for (int i = 0; i < n; i++) ok &= items[i] != NULL;
    if (ok) item = cls ? cls->tp_alloc(cls, n) : PyTuple_New(n);
    if (!item) {
        for (int i = 0; i < n; i++) Py_XDECREF(items[i]);
        return NULL;
    }
    for (int i = 0; i < n; i++) PyTuple_SET_ITEM(item, i, items[i]);
    return item;
}

/* "" and every upper-case letter as str, made once per walk: 0, or -1 when out of memory. */
static int make_hands(PyObject **hands) {
    memset(hands, 0, sizeof(PyObject *) * 128);
    hands[0] = PyUnicode_FromStringAndSize("", 0);
    if (!hands[0]) return -1;
    for (int ch = 'A'; ch <= 'Z'; ch++)
        if (!(hands[ch] = PyUnicode_FromOrdinal(ch))) return -1;
    return 0;
}

static void free_hands(PyObject **hands) {
    for (int i = 0; i < 128; i++) Py_XDECREF(hands[i]);
}

/* A new tuple of values[0..n-1] as ints (a program, or the cards left out), NULL when out of memory. */
static PyObject *int_tuple(const int *values, int n) {
    PyObject *t = PyTuple_New(n);
    if (!t) return NULL;
    for (int i = 0; i < n; i++) {
        PyObject *v = PyLong_FromLong(values[i]);
        if (!v) {
            Py_DECREF(t);
            return NULL;
        }
        PyTuple_SET_ITEM(t, i, v);
    }
    return t;
}

/* ------------------------------------------------------------------ the bound (bound.py, walks.py) */

static int edge(int u, int un, int v, int vn) {
    int d = DIST[u][v];
    if (un && vn) return d - 2 > 0 ? d - 2 : 0;
    if (un || vn) return d ? d - 1 : 1;
    return d;
}

/* walks.shortest_walks then walk_lengths: per Cadet cell, the shortest walk through the targets. */
static void walk_lengths(Core *c, int n, const int *cell, const int *near, const int *preds,
                         const int *gk, const int *gc, const int *gb, int ng, int *out) {
    int full = (1 << n) - 1;
    int32_t *W = c->walk_w;
    uint16_t *live = c->walk_live; /* per subset: the targets j with a walk W[s][j] */
    memset(live, 0, sizeof(uint16_t) * ((size_t)full + 1));
    int cols[MAXWALK][MAXWALK];
    for (int k = 0; k < n; k++)
        for (int j = 0; j < n; j++) cols[k][j] = edge(cell[j], near[j], cell[k], near[k]);
    int after[MAXWALK];
    for (int q = 0; q < n; q++) {
        after[q] = 0;
        for (int k = 0; k < n; k++)
            if (preds[k] >> q & 1) after[q] |= 1 << k;
    }
    for (int j = 0; j < n; j++) {
        W[(size_t)(1 << j) * MAXWALK + j] = 0;
        live[1 << j] = (uint16_t)(1 << j);
    }
    for (int s = 1; s < full; s++) {
        int32_t *ws = &W[(size_t)s * MAXWALK];
        unsigned here = live[s];
        if (!here) continue;
        int blocked = s;
        for (int q = 0; q < n; q++)
            if (s >> q & 1) blocked |= after[q];
        for (int g = 0; g < ng; g++)
            if (!(s & gc[g]) && (s & gb[g]) == gb[g]) blocked |= 1 << gk[g];
        for (unsigned free_ = (unsigned)(full & ~blocked); free_; free_ &= free_ - 1) {
            int k = __builtin_ctz(free_);
            int best = INF;
            const int *ck = cols[k];
            for (unsigned js = here; js; js &= js - 1) {
                int j = __builtin_ctz(js);
                int v = ws[j] + ck[j];
                if (v < best) best = v;
            }
            int t = s | 1 << k;
            W[(size_t)t * MAXWALK + k] = best;
            live[t] |= (uint16_t)(1 << k);
        }
    }
    for (int q = 0; q < CELLS; q++) out[q] = INF;
    for (int j = 0; j < n; j++) {
        if (!(live[full] >> j & 1)) continue;
        int h = W[(size_t)full * MAXWALK + j];
        for (int q = 0; q < CELLS; q++) {
            int v = (near[j] ? NEARV[cell[j]][q] : DIST[cell[j]][q]) + h;
            if (v < out[q]) out[q] = v;
        }
    }
}

/* The fewest letters holding one of each pair (bound._cover), by brute force over the letters. */
static int cover(int n, const uint8_t *a, const uint8_t *b) {
    if (!n) return 0;
    uint8_t letters[2 * MAXP];
    int nl = 0;
    for (int i = 0; i < n; i++) {
        uint8_t x[2] = {a[i], b[i]};
        for (int t = 0; t < 2; t++) {
            int seen = 0;
            for (int l = 0; l < nl; l++) seen |= letters[l] == x[t];
            if (!seen) letters[nl++] = x[t];
        }
    }
    int best = nl;
    for (int pick = 1; pick < (1 << nl); pick++) {
        int size = __builtin_popcount((unsigned)pick);
        if (size >= best) continue;
        int ok = 1;
        for (int i = 0; i < n && ok; i++) {
            int hit = 0;
            for (int l = 0; l < nl; l++)
                if (pick >> l & 1 && (letters[l] == a[i] || letters[l] == b[i])) hit = 1;
            ok = hit;
        }
        if (ok) best = size;
    }
    return best;
}

static int is_station(const Core *c, uint8_t tile) { return tile != HALLWAY && !c->device[upper_of(tile)]; }

/* Every cell beside `at` holds a station: no device can ever be deployed beside it (bound._walled_in). */
static int walled_in(const Core *c, const uint8_t *board, int at) {
    for (int q = 0; q < CELLS; q++)
        if (ADJ[at][q] && !is_station(c, board[q])) return 0;
    return 1;
}

/* The bound of bound.Bound.value per Cadet cell, for this board, hand and pairs (every choice of movers
 * in full: the value the Python bound returns when asked with no upto). */
static void bound_table(Core *c, const uint8_t *board, uint8_t carrying, const PairSet *ps, int walks,
                        const uint16_t *cheap, uint16_t *out) {
    int n = ps->n;
    for (int q = 0; q < CELLS; q++) out[q] = n ? INF : 0;
    if (!n) return;
    /* letters and their cells (-1: carried) */
    uint8_t letter[2 * MAXP];
    int lcell[2 * MAXP];
    int nl = 0;
    uint32_t damaged = 0;
    int pa[MAXP], pb[MAXP]; /* per pair: index into letter[] */
    for (int i = 0; i < n; i++) {
        uint8_t xs[2] = {ps->a[i], ps->b[i]};
        for (int t = 0; t < 2; t++) {
            int l;
            for (l = 0; l < nl; l++)
                if (letter[l] == xs[t]) break;
            if (l == nl) {
                const uint8_t *p = memchr(board, xs[t], CELLS);
                int at = -1;
                if (p) {
                    at = (int)(p - board);
                } else {
                    p = memchr(board, xs[t] - 'A' + 'a', CELLS);
                    if (p) {
                        at = (int)(p - board);
                        damaged |= 1u << at;
                    } else if (xs[t] != carrying) {
                        return; /* a module of a pair is nowhere: never */
                    }
                }
                letter[nl] = xs[t];
                lcell[nl] = at;
                nl++;
            }
            if (t == 0) pa[i] = l; else pb[i] = l;
        }
    }
    /* the pairs apart */
    int apart[MAXP], na = 0;
    for (int i = 0; i < n; i++) {
        int ci = lcell[pa[i]], cj = lcell[pb[i]];
        if (ci >= 0 && cj >= 0 && DIST[ci][cj] == 1) continue;
        int da = c->device[letter[pa[i]]], db = c->device[letter[pb[i]]];
        if (!da && !db) return; /* two stations apart never meet */
        if (!da && walled_in(c, board, ci)) return;
        if (!db && walled_in(c, board, cj)) return;
        apart[na++] = i;
    }
    int cc = c->counts[COLLECT], cd = c->counts[DEPLOY], cr = c->counts[REPAIR];
    int r = __builtin_popcount(damaged);
    if (r && !cr) return;
    /* the movable devices, sorted by letter, as indices into letter[] */
    int movable[2 * MAXP], nm = 0;
    for (int l = 0; l < nl; l++) {
        if (!c->device[letter[l]]) continue;
        int in = 0;
        for (int t = 0; t < na; t++) in |= pa[apart[t]] == l || pb[apart[t]] == l;
        if (in) movable[nm++] = l;
    }
    for (int i = 1; i < nm; i++)
        for (int j = i; j > 0 && letter[movable[j - 1]] > letter[movable[j]]; j--) {
            int t = movable[j]; movable[j] = movable[j - 1]; movable[j - 1] = t;
        }
    if (nm > 12) { /* a scenario with very many pairs: the Repairs alone (bound.MAX_MOVABLE) */
        int v = ceil_div(r, cr);
        if (v < 1) v = 1;
        for (int q = 0; q < CELLS; q++) out[q] = (uint16_t)v;
        return;
    }
    int bitof[2 * MAXP]; /* letter index -> bit in movable, or -1 */
    for (int l = 0; l < nl; l++) bitof[l] = -1;
    for (int i = 0; i < nm; i++) bitof[movable[i]] = i;
    int need[MAXP];
    for (int t = 0; t < na; t++) {
        int i = apart[t];
        need[t] = (bitof[pa[i]] >= 0 ? 1 << bitof[pa[i]] : 0) | (bitof[pb[i]] >= 0 ? 1 << bitof[pb[i]] : 0);
    }
    int carried_l = -1;
    for (int l = 0; l < nl; l++)
        if (carrying && letter[l] == carrying) carried_l = l;
    int carried = 0;
    if (carried_l >= 0) carried = bitof[carried_l] >= 0 ? 1 << bitof[carried_l] : 1 << nm;
    int reach[CELLS];
    for (int bits = 0; bits < (1 << nm); bits++) {
        if ((bits & carried) != carried) continue;
        int ok = 1;
        for (int t = 0; t < na && ok; t++) ok = (bits & need[t]) != 0;
        if (!ok) continue;
        int moved_l[2 * MAXP]; /* letter index -> moved */
        for (int l = 0; l < nl; l++) moved_l[l] = bitof[l] >= 0 && (bits >> bitof[l] & 1);
        /* meets (mover, fixed partner), sorted by letters */
        int mx[2 * MAXP], my[2 * MAXP], nmeet = 0;
        for (int t = 0; t < na; t++) {
            int i = apart[t];
            int xy[2][2] = {{pa[i], pb[i]}, {pb[i], pa[i]}};
            for (int o = 0; o < 2; o++) {
                if (moved_l[xy[o][0]] && !moved_l[xy[o][1]]) {
                    mx[nmeet] = xy[o][0];
                    my[nmeet] = xy[o][1];
                    nmeet++;
                }
            }
        }
        for (int i = 1; i < nmeet; i++)
            for (int j = i; j > 0 && (letter[mx[j - 1]] > letter[mx[j]] ||
                                      (letter[mx[j - 1]] == letter[mx[j]] && letter[my[j - 1]] > letter[my[j]])); j--) {
                int t = mx[j]; mx[j] = mx[j - 1]; mx[j - 1] = t;
                t = my[j]; my[j] = my[j - 1]; my[j - 1] = t;
            }
        int mover_l[2 * MAXP];
        for (int l = 0; l < nl; l++) mover_l[l] = 0;
        for (int m = 0; m < nmeet; m++) mover_l[mx[m]] = 1;
        uint8_t la[MAXP], lb[MAXP];
        int nloose = 0;
        for (int t = 0; t < na; t++) {
            int i = apart[t];
            if (!mover_l[pa[i]] && !mover_l[pb[i]]) {
                la[nloose] = letter[pa[i]];
                lb[nloose] = letter[pb[i]];
                nloose++;
            }
        }
        int n_movers = 0, n_moved = 0, carry_moved = 0;
        for (int l = 0; l < nl; l++) {
            n_movers += mover_l[l];
            n_moved += moved_l[l];
            if (moved_l[l] && l == carried_l) carry_moved = 1;
        }
        int deploys = n_movers + cover(nloose, la, lb);
        int collects = n_moved - carry_moved;
        for (int l = 0; l < nl; l++) {
            if (!mover_l[l]) continue;
            uint32_t st = 0;
            for (int m = 0; m < nmeet; m++)
                if (mx[m] == l) st |= 1u << lcell[my[m]];
            if (__builtin_popcount(st) >= 2) {
                int common = 0;
                for (int q = 0; q < CELLS && !common; q++) {
                    int all = 1;
                    for (int s = 0; s < CELLS && all; s++)
                        if (st >> s & 1 && DIST[q][s] != 1) all = 0;
                    common = all;
                }
                if (!common) {
                    deploys++;
                    collects++;
                }
            }
        }
        if (carrying && !carry_moved && collects) deploys++;
        if ((deploys && !cd) || (collects && !cc)) continue;
        int events = r + deploys + collects;
        if (events < 1) events = 1;
        int floor_ = 1, v;
        v = ceil_div(r, cr); if (v > floor_) floor_ = v;
        v = ceil_div(deploys, cd); if (v > floor_) floor_ = v;
        v = ceil_div(collects, cc); if (v > floor_) floor_ = v;
        /* points: damaged modules and the moved devices to collect, sorted by cell */
        uint32_t pts = damaged;
        for (int l = 0; l < nl; l++)
            if (moved_l[l] && l != carried_l) pts |= 1u << lcell[l];
        int points[CELLS], np = 0, index_of[CELLS];
        for (int q = 0; q < CELLS; q++) {
            index_of[q] = -1;
            if (pts >> q & 1) { index_of[q] = np; points[np++] = q; }
        }
        int has_extent = np > 0;
        if (has_extent) {
            int top = SIZE, bottom = -1, left = SIZE, right = -1;
            for (int p = 0; p < np; p++) {
                int row = points[p] / SIZE, col = points[p] % SIZE;
                if (row < top) top = row;
                if (row > bottom) bottom = row;
                if (col < left) left = col;
                if (col > right) right = col;
            }
            for (int q = 0; q < CELLS; q++) {
                int row = q / SIZE, col = q % SIZE, m = 0, x;
                x = ceil_div(row - top, c->counts[N_]); if (x > m) m = x;
                x = ceil_div(bottom - row, c->counts[S_]); if (x > m) m = x;
                x = ceil_div(col - left, c->counts[W_]); if (x > m) m = x;
                x = ceil_div(right - col, c->counts[E_]); if (x > m) m = x;
                reach[q] = m;
            }
        }
        /* the walks while holding each mover are disjoint */
        int legs = 0, nstarts = 0, starts[2 * MAXP], nheld = 0, held[2 * MAXP];
        for (int l = 0; l < nl; l++) {
            if (!mover_l[l]) continue;
            if (l == carried_l) {
                nheld = 0;
                for (int m = 0; m < nmeet; m++)
                    if (mx[m] == l) held[nheld++] = lcell[my[m]];
            } else {
                int most = -INF;
                for (int m = 0; m < nmeet; m++) {
                    if (mx[m] != l) continue;
                    int e = edge(lcell[l], 0, lcell[my[m]], 1);
                    if (e > most) most = e;
                }
                legs += most;
                starts[nstarts++] = lcell[l];
            }
        }
        int tour[CELLS];
        for (int q = 0; q < CELLS; q++) {
            int t = legs;
            if (nheld) {
                for (int h = 0; h < nheld; h++)
                    if (legs + NEARV[held[h]][q] > t) t = legs + NEARV[held[h]][q];
            } else if (nstarts) {
                int m = INF;
                for (int s = 0; s < nstarts; s++)
                    if (DIST[starts[s]][q] < m) m = DIST[starts[s]][q];
                t = legs + m;
            }
            tour[q] = t;
        }
        int value[CELLS];
        int nt = np + nmeet;
        int route = nt > 0;
        /* the cheap value (no walks through the targets) never exceeds the full one: skip the walks of a
         * choice that cannot lower any cell's least value */
        int useful = 0;
        for (int q = 0; q < CELLS; q++) {
            int x = (events + tour[q] + REGISTERS - 1) / REGISTERS;
            if (x < floor_) x = floor_;
            if (has_extent && reach[q] > x) x = reach[q];
            value[q] = x;
            if (x < out[q]) useful = 1;
        }
        if (!useful) continue;
        if (walks) { /* a choice whose cheap value is nowhere below the least cheap value cannot lower it */
            useful = 0;
            for (int q = 0; q < CELLS && !useful; q++) useful = value[q] < out[q] && cheap[q] < out[q];
        }
        if (walks && route && nt <= MAXWALK) {
            int cell[MAXWALK], near[MAXWALK], preds[MAXWALK];
            for (int p = 0; p < np; p++) {
                cell[p] = points[p];
                near[p] = 0;
                preds[p] = 0;
            }
            int hands_l[2 * MAXP]; /* per letter: mask of its beside targets */
            for (int l = 0; l < nl; l++) hands_l[l] = 0;
            for (int m = 0; m < nmeet; m++) {
                int k = np + m;
                hands_l[mx[m]] |= 1 << k;
                cell[k] = lcell[my[m]];
                near[k] = 1;
                preds[k] = mx[m] != carried_l ? 1 << index_of[lcell[mx[m]]] : 0;
            }
            /* guards: no Collect of a moved device while another device is in hand */
            int gk[4 * MAXP * MAXP], gc[4 * MAXP * MAXP], gb[4 * MAXP * MAXP], ng = 0;
            for (int y = 0; y < nl; y++) {
                if (!moved_l[y] || y == carried_l) continue;
                int k = index_of[lcell[y]];
                for (int x = 0; x < nl; x++) {
                    if (!hands_l[x] || x == y) continue;
                    gk[ng] = k;
                    gc[ng] = x == carried_l ? 0 : 1 << index_of[lcell[x]];
                    gb[ng] = hands_l[x];
                    ng++;
                }
            }
            int relaxed[CELLS], strict[CELLS];
            walk_lengths(c, nt, cell, near, preds, gk, gc, gb, 0, relaxed);
            if (ng) walk_lengths(c, nt, cell, near, preds, gk, gc, gb, ng, strict);
            else memcpy(strict, relaxed, sizeof(strict));
            for (int q = 0; q < CELLS; q++) {
                int w = strict[q] > tour[q] ? strict[q] : tour[q];
                int m = relaxed[q] > tour[q] ? relaxed[q] : tour[q];
                int x1 = (events + w + REGISTERS - 1) / REGISTERS;
                int x2 = (events + 2 + m + REGISTERS - 1) / REGISTERS;
                int x = x1 < x2 ? x1 : x2;
                if (x < floor_) x = floor_;
                if (has_extent && reach[q] > x) x = reach[q];
                value[q] = x;
            }
        }
        for (int q = 0; q < CELLS; q++)
            if (value[q] < out[q]) out[q] = (uint16_t)value[q];
    }
}

/* Double a table of `cap` entries of `size` bytes (keys of `klen` bytes, `used` says a slot is taken),
 * rehashing its entries; 0, or -1 when out of memory (the table is then unchanged). */
static int grow(void **table, size_t *cap, size_t size, size_t klen, int (*taken)(const void *)) {
    size_t ncap = *cap * 2, mask = ncap - 1;
    uint8_t *old = *table, *neu = calloc(ncap, size);
    if (!neu) return -1;
    for (size_t i = 0; i < *cap; i++) {
        const uint8_t *e = old + i * size;
        if (!taken(e)) continue;
        size_t j = hash_bytes(e, klen) & mask;
        while (taken(neu + j * size)) j = (j + 1) & mask;
        memcpy(neu + j * size, e, size);
    }
    free(old);
    *table = neu;
    *cap = ncap;
    return 0;
}

static int bound_taken(const void *e) { return ((const BoundEntry *)e)->used; }
static int tt_taken(const void *e) { return ((const TTEntry *)e)->key[0] != 0; }

#define BOUND_MAX ((size_t)1 << 16) /* signatures kept per Core (about 7 MiB) */

/* The bound's entry for a board, hand and pair set (cached per signature: where the pairs' modules lie,
 * either side up, and where the stations lie), its full values computed when `full` asks for them.
 * The pointer is valid until the next call. */
static const BoundEntry *bound_of(Core *c, const uint8_t *board, uint8_t carrying, int sid, int full) {
    BoundEntry probe;
    const PairSet *ps = &c->sets[sid];
    /* the bound sees the pairs' modules (either side up) and the stations; every other tile is a hallway */
    for (int q = 0; q < CELLS; q++) {
        uint8_t t = board[q];
        uint8_t u = (uint8_t)upper_of(t), keep = 0;
        if (t != HALLWAY) {
            for (int i = 0; i < ps->n && !keep; i++) keep = ps->a[i] == u || ps->b[i] == u;
            if (!keep && !c->device[u]) t = '#', keep = 1;
        }
        probe.key[q] = keep ? t : HALLWAY;
    }
    probe.key[25] = carrying;
    probe.key[26] = (uint8_t)(sid & 0xff);
    probe.key[27] = (uint8_t)(sid >> 8);
    size_t mask = c->b_cap - 1, i = hash_bytes(probe.key, 28) & mask;
    while (c->bounds[i].used) {
        if (!memcmp(c->bounds[i].key, probe.key, 28)) break;
        i = (i + 1) & mask;
    }
    BoundEntry *e = &c->bounds[i];
    if (!e->used) {
        if (c->b_used * 4 >= c->b_cap * 3) { /* grow, or when at its size start again (only costs time) */
            if (c->b_cap >= BOUND_MAX ||
                grow((void **)&c->bounds, &c->b_cap, sizeof(BoundEntry), 28, bound_taken) < 0) {
                memset(c->bounds, 0, sizeof(BoundEntry) * c->b_cap);
                c->b_used = 0;
            }
            mask = c->b_cap - 1;
            i = hash_bytes(probe.key, 28) & mask;
            while (c->bounds[i].used) i = (i + 1) & mask;
            e = &c->bounds[i];
        }
        memcpy(e->key, probe.key, 28);
        e->used = 1;
        e->has_full = 0;
        c->b_used++;
        /* '#' stands for a station outside the pairs: the walled-in test only asks whether a tile is one */
        bound_table(c, e->key, carrying, ps, 0, NULL, e->cheap);
    }
    if (full && !e->has_full) {
        bound_table(c, e->key, carrying, ps, 1, e->cheap, e->full);
        e->has_full = 1;
    }
    return e;
}

/* ------------------------------------------------------------------ the transposition table */

static TTEntry *tt_slot(Core *c, const uint8_t *board, int cadet, uint8_t held, int sid, int insert) {
    uint8_t key[30];
    memcpy(key, board, CELLS);
    key[25] = (uint8_t)cadet;
    key[26] = held;
    key[27] = (uint8_t)(sid & 0xff);
    key[28] = (uint8_t)(sid >> 8);
    key[29] = 0;
    if (insert && c->tt_used * 4 >= c->tt_cap * 3) { /* grow, or when at its size start again */
        if (c->tt_cap >= c->tt_max || grow((void **)&c->tt, &c->tt_cap, sizeof(TTEntry), 30, tt_taken) < 0) {
            memset(c->tt, 0, sizeof(TTEntry) * c->tt_cap);
            c->tt_used = 0;
        }
    }
    size_t mask = c->tt_cap - 1, i = hash_bytes(key, 30) & mask;
    while (c->tt[i].key[0]) {
        if (!memcmp(c->tt[i].key, key, 30)) return &c->tt[i];
        i = (i + 1) & mask;
    }
    if (!insert) return NULL;
    memcpy(c->tt[i].key, key, 30);
    c->tt[i].lower = 0;
    c->tt[i].exact = 0;
    c->tt_used++;
    return &c->tt[i];
}

/* ------------------------------------------------------------------ one transmission */

static double monotonic(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static void trie_set_release(TrieSet *ts) {
    if (!ts || --ts->refs > 0) return;
    for (int i = 0; i < CELLS; i++) {
        free(ts->tries[i].nodes);
        free(ts->tries[i].kids);
    }
    free(ts);
}

/* The shared tries for the Core's deck (built on first use; the GIL is held).  0, or -1 when out of
 * memory. */
static int acquire_tries(Core *c) {
    for (int i = 0; i < TRIE_SETS; i++) {
        if (trie_sets[i] && !memcmp(trie_sets[i]->counts, c->counts, sizeof(c->counts))) {
            c->ts = trie_sets[i];
            c->ts->refs++;
            return 0;
        }
    }
    TrieSet *ts = calloc(1, sizeof(TrieSet));
    if (!ts) return -1;
    memcpy(ts->counts, c->counts, sizeof(c->counts));
    ts->refs = 1;
    for (int cell = 0; cell < CELLS; cell++) {
        Trie *t = &ts->tries[cell];
        int left[COMMANDS];
        memcpy(left, c->counts, sizeof(left));
        int programs = 0;
        if (trie_node(t) < 0 || trie_fill(t, 0, cell, 0, left, &programs) < 0) {
            trie_set_release(ts);
            return -1;
        }
        if (programs > ts->programs) ts->programs = programs;
        if (t->n_nodes > ts->nodes) ts->nodes = t->n_nodes;
    }
    int slot = 0;
    for (int i = 0; i < TRIE_SETS; i++)
        if (!trie_sets[i]) { slot = i; break; }
    if (trie_sets[slot]) trie_set_release(trie_sets[slot]); /* all taken: replace the first */
    trie_sets[slot] = ts;
    ts->refs++; /* the cache's */
    c->ts = ts;
    return 0;
}

/* Add an outcome (board, hand, mask, end cells) to the level's groups (at most one per program of the
 * deck, so the table of twice as many slots never fills). */
static int group_add(Level *lv, const uint8_t *board, uint8_t held, int mask, uint32_t cells) {
    size_t slots = lv->cap;
    uint8_t key[CELLS + 2];
    memcpy(key, board, CELLS);
    key[25] = held;
    key[26] = (uint8_t)mask;
    size_t i = hash_bytes(key, CELLS + 2) & (slots - 1);
    while (lv->slots[i].used) {
        Group *g = &lv->slots[i];
        if (g->held == held && g->mask == mask && !memcmp(g->board, board, CELLS)) {
            g->cells |= cells;
            return 0;
        }
        i = (i + 1) & (slots - 1);
    }
    if ((size_t)lv->n >= slots / 2) return -1; /* cannot happen (see above): refuse rather than overrun */
    Group *g = &lv->slots[i];
    memcpy(g->board, board, CELLS);
    g->held = held;
    g->mask = (uint8_t)mask;
    g->cells = cells;
    g->used = 1;
    lv->order[lv->n++] = (int32_t)i;
    return 0;
}

typedef struct {
    Core *c;
    Level *lv;
    const PairSet *ps;
    int full;
    int done;
} Walk;

/* The walk of solver._walk: every outcome of the event trie from `node` on this board and hand. */
static void trie_walk(Walk *w, const Trie *t, int node, uint8_t *board, uint8_t held, int mask) {
    const TrieNode *tn = &t->nodes[node];
    if (tn->ends) {
        if (mask == w->full) {
            w->done = 1;
            return;
        }
        if (group_add(w->lv, board, held, mask, tn->ends) < 0) w->c->overflow = 1;
    }
    for (int i = tn->first; i >= 0 && !w->done; i = t->kids[i].next) {
        const TrieKid *kid = &t->kids[i];
        uint8_t tile, hand, was = board[kid->cell];
        if (!act(w->c->device, kid->k, was, held, &tile, &hand)) continue;
        board[kid->cell] = tile;
        /* a Collect leaves a hallway: it completes nothing the command before it did not */
        int m = (kid->k != COLLECT && w->ps->n) ? completed(board, w->ps, mask) : mask;
        trie_walk(w, t, kid->child, board, hand, m);
        board[kid->cell] = was;
    }
}

/* Program by program, every command checked (a pending pair side by side: solver.runs). */
static void program_walk(Walk *w, uint8_t *board, int cadet, uint8_t held, int mask, int step, int *left) {
    if (step == REGISTERS) {
        if (mask == w->full) {
            w->done = 1;
            return;
        }
        if (group_add(w->lv, board, held, mask, 1u << cadet) < 0) w->c->overflow = 1;
        return;
    }
    for (int k = 0; k < COMMANDS && !w->done; k++) {
        if (!left[k]) continue;
        left[k]--;
        if (k < MOVES) {
            int to = STEP[cadet][k];
            if (to >= 0) {
                int m = step == 0 ? completed(board, w->ps, mask) : mask;
                program_walk(w, board, to, held, m, step + 1, left);
            }
        } else {
            uint8_t tile, hand, was = board[cadet];
            if (act(w->c->device, k, was, held, &tile, &hand)) {
                board[cadet] = tile;
                program_walk(w, board, cadet, hand, completed(board, w->ps, mask), step + 1, left);
                board[cadet] = was;
            }
        }
        left[k]++;
    }
}

/* The outcomes of one transmission into level `depth`'s groups; 1 when one completes every pair. */
static int expand(Core *c, int depth, const uint8_t *board0, int cadet, uint8_t held, int sid) {
    Level *lv = &c->levels[depth];
    for (int i = 0; i < lv->n; i++) lv->slots[lv->order[i]].used = 0;
    lv->n = 0;
    const PairSet *ps = &c->sets[sid];
    Walk w = {c, lv, ps, (1 << ps->n) - 1, 0};
    uint8_t board[CELLS];
    memcpy(board, board0, CELLS);
    int pending = ps->n && completed(board, ps, 0);
    if (pending && lv->cap < c->slots_all) { /* program by program: room for a group per program */
        Group *slots = calloc(c->slots_all, sizeof(Group));
        int32_t *order = malloc(sizeof(int32_t) * c->slots_all);
        if (!slots || !order) {
            free(slots);
            free(order);
            c->overflow = 1;
            return 0;
        }
        free(lv->slots);
        free(lv->order);
        lv->slots = slots;
        lv->order = order;
        lv->cap = c->slots_all;
    }
    if (pending) {
        int left[COMMANDS];
        memcpy(left, c->counts, sizeof(left));
        program_walk(&w, board, cadet, held, 0, 0, left);
    } else {
        trie_walk(&w, &c->ts->tries[cadet], 0, board, held, 0);
    }
    return w.done;
}

/* ------------------------------------------------------------------ the search */

static int cmp_child(const void *x, const void *y) {
    const Child *a = x, *b = y;
    if (a->v != b->v) return a->v < b->v ? -1 : 1;
    if (a->left != b->left) return a->left < b->left ? -1 : 1;
    if (a->group != b->group) return a->group < b->group ? -1 : 1;
    return a->cell < b->cell ? -1 : (a->cell > b->cell);
}

/* 1 when every pair can be completed within d transmissions, 0 when not, -1 past stop_at.  `depth` is
 * the recursion level (its Level holds this node's outcomes). */
static int within(Core *c, int depth, const uint8_t *board, int cadet, uint8_t held, int sid, int d) {
    if (!c->sets[sid].n) return 1;
    TTEntry *e = tt_slot(c, board, cadet, held, sid, 0);
    if (e) {
        if (e->exact) return e->exact - 1 <= d;
        if (e->lower > d) return 0;
    }
    int low = e ? e->lower : 0;
    if (low > d) return 0;
    const BoundEntry *be = bound_of(c, board, held, sid, 0);
    if (be->cheap[cadet] > d) return 0;
    be = bound_of(c, board, held, sid, 1);
    if (be->full[cadet] > low) low = be->full[cadet];
    if (low > d) return 0;
    if (depth >= MAXDEPTH) return 0; /* cannot happen: limit <= MAXDEPTH (checked at the entry) */
    c->nodes++;
    if (monotonic() > c->stop_at) {
        return -1;
    }
    int ok = 0;
    int done = expand(c, depth, board, cadet, held, sid);
    if (c->overflow) return -2;
    if (done) {
        ok = 1;
    } else if (d > 1) {
        Level *lv = &c->levels[depth];
        int nc = 0;
        for (int g = 0; g < lv->n; g++) {
            Group *gr = &lv->slots[lv->order[g]];
            int rest = set_rest(c, sid, gr->mask);
            if (rest < 0) {
                c->overflow = 1; /* out of memory for the pair sets */
                return -2;
            }
            /* the cheap values, copied: the children's own full bounds are computed when they are searched */
            uint16_t bv[CELLS];
            memcpy(bv, bound_of(c, gr->board, gr->held, rest, 0)->cheap, sizeof(bv));
            int left = c->sets[rest].n;
            for (uint32_t cells = gr->cells; cells; cells &= cells - 1) {
                int q = __builtin_ctz(cells);
                int v = bv[q];
                if (v > d - 1) continue;
                TTEntry *ce = tt_slot(c, gr->board, q, gr->held, rest, 0);
                if (ce) {
                    if (ce->exact) {
                        if (ce->exact - 1 > d - 1) continue;
                        v = ce->exact - 1;
                    } else if (ce->lower > v) {
                        if (ce->lower > d - 1) continue;
                        v = ce->lower;
                    }
                }
                Child *ch = &lv->children[nc++];
                ch->v = (uint16_t)v;
                ch->left = (uint8_t)left;
                ch->cell = (uint8_t)q;
                ch->group = g;
            }
        }
        qsort(lv->children, (size_t)nc, sizeof(Child), cmp_child);
        for (int i = 0; i < nc && !ok; i++) {
            Child ch = lv->children[i];
            Group *gr = &lv->slots[lv->order[ch.group]];
            int rest = set_rest(c, sid, gr->mask);
            uint8_t cb[CELLS];
            memcpy(cb, gr->board, CELLS); /* the level below reuses nothing of this one, but be safe */
            int r = within(c, depth + 1, cb, ch.cell, gr->held, rest, d - 1);
            if (r < 0) return r;
            ok = r;
        }
    }
    e = tt_slot(c, board, cadet, held, sid, 1);
    if (ok) {
        if (low == d) e->exact = (uint8_t)(d + 1);
    } else if (e->lower < d + 1) {
        e->lower = (uint8_t)(d + 1);
    }
    return ok;
}

static int need(Core *c, const uint8_t *board, int cadet, uint8_t held, int sid, int limit) {
    if (!c->sets[sid].n) return 0;
    TTEntry *e = tt_slot(c, board, cadet, held, sid, 0);
    if (e && e->exact) return e->exact - 1 <= limit ? e->exact - 1 : limit + 1;
    int d = bound_of(c, board, held, sid, 1)->full[cadet];
    if (e && e->lower > d) d = e->lower;
    for (; d <= limit; d++) {
        int r = within(c, 0, board, cadet, held, sid, d);
        if (r < 0) return r;
        if (r) return d;
    }
    return limit + 1;
}


/* ------------------------------------------------------------------ the route estimate (estimate.py) */

/* A port of estimate.estimate, step by step (the same tie-breaks: the tests compare every value): the
 * default value of the scramble-aware Mission Control, not admissible, not used by the search above. */

#define EINF 10000
#define BLOCKED_PENALTY 8
#define SHARED_BONUS 4
#define T_REPAIR (-1)
#define T_COLLECT (-2)
#define T_DEPLOY (-3)
#define T_ANY_MOVE (CELLS * CELLS)
#define LEG_TOKENS 40

static int BYDIST[CELLS][CELLS]; /* every cell, nearest first, ties in index order */
static int NEIGH[CELLS][4], NNEIGH[CELLS]; /* board.NEIGHBOURS: N E S W, on the grid */

static void init_estimate(void) {
    for (int a = 0; a < CELLS; a++) {
        for (int j = 0; j < CELLS; j++) BYDIST[a][j] = j;
        for (int i = 1; i < CELLS; i++)
            for (int j = i; j > 0 && (DIST[a][BYDIST[a][j - 1]] > DIST[a][BYDIST[a][j]]); j--) {
                int t = BYDIST[a][j]; BYDIST[a][j] = BYDIST[a][j - 1]; BYDIST[a][j - 1] = t;
            }
        NNEIGH[a] = 0;
        for (int k = 0; k < MOVES; k++)
            if (STEP[a][k] >= 0) NEIGH[a][NNEIGH[a]++] = STEP[a][k];
    }
}

typedef struct {
    int commands;
    int ntok;
    int tokens[LEG_TOKENS];
    uint8_t board[CELLS];
    int end;
} ELeg;

static int efind(const uint8_t *board, uint8_t letter) {
    const uint8_t *p = memchr(board, letter, CELLS);
    if (!p) p = memchr(board, letter - 'A' + 'a', CELLS);
    return p ? (int)(p - board) : -1;
}

static void tok(ELeg *l, int t) {
    if (l->ntok < LEG_TOKENS) l->tokens[l->ntok++] = t;
}

static void ewalk(ELeg *l, int a, int b) {
    if (a != b) tok(l, a * CELLS + b);
}

/* estimate._move_leg: carry `mover` to a hallway next to `partner`; 0 when impossible. */
static int move_leg(const uint8_t *board0, int cadet, uint8_t carrying, uint8_t mover, uint8_t partner,
                    const uint8_t *device, const uint8_t *also, int nalso, ELeg *out) {
    uint8_t board[CELLS];
    memcpy(board, board0, CELLS);
    int p = efind(board, partner);
    if (p < 0) return 0;
    int cost = 0, s = cadet;
    out->ntok = 0;
    if (carrying != mover) {
        int m = efind(board, mover);
        if (m < 0) return 0;
        if (carrying) {
            int drop = -1;
            for (int i = 0; i < CELLS; i++)
                if (board[BYDIST[s][i]] == HALLWAY) { drop = BYDIST[s][i]; break; }
            if (drop < 0) return 0;
            cost += DIST[s][drop] + 1;
            ewalk(out, s, drop);
            tok(out, T_DEPLOY);
            board[drop] = carrying;
            s = drop;
        }
        cost += DIST[s][m] + 1;
        ewalk(out, s, m);
        if (is_lower(board[m])) {
            cost += 1;
            tok(out, T_REPAIR);
        }
        tok(out, T_COLLECT);
        board[m] = HALLWAY;
        s = m;
    }
    int partner_damaged = is_lower(board[p]);
    int best = EINF, best_h = -1, best_key = EINF;
    uint8_t blocked = 0;
    int others[4 * MAXP], no = 0;
    for (int i = 0; i < nalso; i++) {
        int q = efind(board, also[i]);
        if (q >= 0) others[no++] = q;
    }
    for (int t = 0; t < NNEIGH[p]; t++) {
        int h = NEIGH[p][t];
        uint8_t ch = board[h];
        int extra;
        if (ch == HALLWAY) extra = 0;
        else if (device[upper_of(ch)]) extra = BLOCKED_PENALTY + (is_lower(ch) ? 1 : 0);
        else continue;
        int near = DIST[s][h] < DIST[s][p] ? DIST[s][h] : DIST[s][p];
        int c = extra + (partner_damaged ? near + 3 : DIST[s][h] + 1);
        int shared = 0;
        for (int i = 0; i < no; i++) shared += DIST[h][others[i]] == 1;
        int key = c - SHARED_BONUS * shared;
        if (key < best_key) {
            best = c;
            best_h = h;
            blocked = extra ? ch : 0;
            best_key = key;
        }
    }
    if (best_h < 0) return 0;
    int h = best_h;
    int clear[9], nclear = 0;
    if (blocked) {
        clear[nclear++] = T_DEPLOY;
        clear[nclear++] = T_ANY_MOVE;
        if (is_lower(blocked)) clear[nclear++] = T_REPAIR;
        clear[nclear++] = T_COLLECT;
        clear[nclear++] = T_ANY_MOVE;
        clear[nclear++] = T_DEPLOY;
        clear[nclear++] = T_ANY_MOVE;
        clear[nclear++] = T_COLLECT;
    }
    if (!partner_damaged) {
        for (int i = 0; i < nclear; i++) tok(out, clear[i]);
        ewalk(out, s, h);
        tok(out, T_DEPLOY);
        out->end = h;
    } else if (DIST[s][h] <= DIST[s][p]) { /* deploy at h, step onto the partner, repair */
        for (int i = 0; i < nclear; i++) tok(out, clear[i]);
        ewalk(out, s, h);
        tok(out, T_DEPLOY);
        ewalk(out, h, p);
        tok(out, T_REPAIR);
        out->end = p;
    } else { /* repair the partner, step to h, deploy */
        ewalk(out, s, p);
        tok(out, T_REPAIR);
        for (int i = 0; i < nclear; i++) tok(out, clear[i]);
        ewalk(out, p, h);
        tok(out, T_DEPLOY);
        out->end = h;
    }
    board[h] = mover;
    board[p] = partner;
    memcpy(out->board, board, CELLS);
    out->commands = cost + best;
    return 1;
}

/* estimate._leg: the cheapest route completing `a` next to `b` on its own; 0 when there is none.
 * partners[letter]: the letters it must also meet (in the order of the pairs), npartners their count. */
static int eleg(const uint8_t *board, int cadet, uint8_t carrying, uint8_t a, uint8_t b, const uint8_t *device,
                uint8_t partners[128][2 * MAXP], const int *npartners, ELeg *out) {
    int i = efind(board, a), j = efind(board, b);
    if (i >= 0 && j >= 0 && DIST[i][j] == 1) {
        memcpy(out->board, board, CELLS);
        out->board[i] = a;
        out->board[j] = b;
        out->ntok = 0;
        int di = is_lower(board[i]), dj = is_lower(board[j]);
        if (!di && !dj) {
            out->commands = 1;
            tok(out, T_REPAIR);
            out->end = cadet;
        } else if (di != dj) {
            int d = di ? i : j;
            out->commands = DIST[cadet][d] + 1;
            ewalk(out, cadet, d);
            tok(out, T_REPAIR);
            out->end = d;
        } else {
            int near = DIST[cadet][i] <= DIST[cadet][j] ? i : j, far = near == i ? j : i;
            ewalk(out, cadet, near);
            tok(out, T_REPAIR);
            ewalk(out, near, far);
            tok(out, T_REPAIR);
            out->commands = DIST[cadet][near] + 3;
            out->end = far;
        }
        return 1;
    }
    int found = 0;
    ELeg leg;
    uint8_t movers[2][2] = {{a, b}, {b, a}};
    for (int o = 0; o < 2; o++) {
        uint8_t mover = movers[o][0], partner = movers[o][1];
        if (!device[mover]) continue;
        uint8_t also[2 * MAXP];
        int nalso = 0;
        for (int t = 0; t < npartners[mover]; t++)
            if (partners[mover][t] != partner) also[nalso++] = partners[mover][t];
        if (move_leg(board, cadet, carrying, mover, partner, device, also, nalso, &leg) &&
            (!found || leg.commands < out->commands)) {
            *out = leg;
            found = 1;
        }
    }
    return found;
}

static int NEEDS[CELLS * CELLS][5];

static void init_needs(void) {
    for (int a = 0; a < CELLS; a++)
        for (int b = 0; b < CELLS; b++) {
            int *n = NEEDS[a * CELLS + b];
            int ar = a / SIZE, ac = a % SIZE, br = b / SIZE, bc = b % SIZE;
            n[0] = ar > br ? ar - br : 0;
            n[1] = bc > ac ? bc - ac : 0;
            n[2] = br > ar ? br - ar : 0;
            n[3] = ac > bc ? ac - bc : 0;
            n[4] = DIST[a][b];
        }
}

/* estimate._pack: the tokens packed greedily into transmissions; returns the transmissions started
 * (EINF when the deck lacks a needed command: then slots 0 and the cards left as they were). */
static int epack(const int *tokens, int ntok, const int *counts, int *slots, int *cap) {
    int tx = 0, sl = *slots, left[COMMANDS], c[COMMANDS];
    memcpy(left, cap, sizeof(left));
    memcpy(c, cap, sizeof(c));
    for (int i = 0; i < ntok; i++) {
        int t = tokens[i];
        if (t < 0) {
            int k = t == T_REPAIR ? REPAIR : t == T_COLLECT ? COLLECT : DEPLOY;
            if (sl == REGISTERS || c[k] == 0) {
                tx++;
                sl = 0;
                memcpy(c, counts, sizeof(c));
                if (c[k] == 0) {
                    *slots = 0;
                    memcpy(cap, left, sizeof(left));
                    return EINF;
                }
            }
            c[k]--;
            sl++;
            continue;
        }
        int need[4], n;
        if (t == T_ANY_MOVE) {
            need[0] = need[1] = need[2] = need[3] = 1;
            n = 1;
        } else {
            for (int d = 0; d < 4; d++) need[d] = NEEDS[t][d];
            n = NEEDS[t][4];
        }
        while (n) {
            if (sl < REGISTERS) {
                int took = 0;
                for (int d = 0; d < 4; d++) {
                    if (need[d] && c[d]) {
                        int k = need[d];
                        if (c[d] < k) k = c[d];
                        if (REGISTERS - sl < k) k = REGISTERS - sl;
                        if (n < k) k = n;
                        if (k) {
                            need[d] -= k;
                            c[d] -= k;
                            sl += k;
                            n -= k;
                            took += k;
                        }
                    }
                }
                if (took) continue;
                if (sl == 0) {
                    *slots = 0;
                    memcpy(cap, left, sizeof(left));
                    return EINF;
                }
            }
            tx++;
            sl = 0;
            memcpy(c, counts, sizeof(c));
        }
    }
    *slots = sl;
    memcpy(cap, c, sizeof(c));
    return tx;
}

typedef struct {
    const uint8_t *device;
    const int *counts;
    int best_tx, best_commands;
} EState;

static int lex_ge(int t1, int c1, int t2, int c2) { return t1 != t2 ? t1 > t2 : c1 >= c2; }

static int pair_complete(const uint8_t *board, uint8_t a, uint8_t b) {
    const uint8_t *pa = memchr(board, a, CELLS), *pb = memchr(board, b, CELLS);
    return pa && pb && ADJ[pa - board][pb - board];
}

static void esearch(EState *st, const uint8_t *board, int cadet, uint8_t carrying, const uint8_t *ra,
                    const uint8_t *rb, int nr, int commands, int tx, int slots, const int *cap) {
    uint8_t partners[128][2 * MAXP];
    int npartners[128];
    for (int i = 0; i < nr; i++) npartners[ra[i]] = npartners[rb[i]] = 0;
    for (int i = 0; i < nr; i++) {
        partners[ra[i]][npartners[ra[i]]++] = rb[i];
        partners[rb[i]][npartners[rb[i]]++] = ra[i];
    }
    for (int k = 0; k < nr; k++) {
        ELeg leg;
        if (!eleg(board, cadet, carrying, ra[k], rb[k], st->device, partners, npartners, &leg)) continue;
        if (lex_ge(tx, commands + leg.commands, st->best_tx, st->best_commands)) continue;
        int nslots = slots, ncap[COMMANDS];
        memcpy(ncap, cap, sizeof(ncap));
        int started = epack(leg.tokens, leg.ntok, st->counts, &nslots, ncap);
        int vt = tx + started, vc = commands + leg.commands;
        if (lex_ge(vt, vc, st->best_tx, st->best_commands)) continue;
        uint8_t oa[MAXP], ob[MAXP];
        int no = 0;
        for (int i = 0; i < nr; i++) {
            if (i == k || pair_complete(leg.board, ra[i], rb[i])) continue;
            oa[no] = ra[i];
            ob[no] = rb[i];
            no++;
        }
        if (!no) {
            st->best_tx = vt;
            st->best_commands = vc;
        } else {
            esearch(st, leg.board, leg.end, 0, oa, ob, no, vc, vt, nslots, ncap);
        }
    }
}

static PyObject *module_estimate(PyObject *Py_UNUSED(m), PyObject *args) {
    const char *b, *h, *p, *dv;
    Py_ssize_t nb, nh, np, nd;
    int cadet;
    PyObject *counts_obj;
    if (!PyArg_ParseTuple(args, "s#is#s#s#O", &b, &nb, &cadet, &h, &nh, &p, &np, &dv, &nd, &counts_obj))
        return NULL;
    uint8_t board[CELLS], device[128], held, ra[MAXP], rb[MAXP];
    int counts[COMMANDS], n;
    if (parse_devices(dv, nd, device) < 0 || parse_board(b, nb, board) < 0 || parse_cadet(cadet) < 0 ||
        parse_hand(h, nh, NULL, &held) < 0 || parse_pairs(p, np, MAXP, ra, rb, &n) < 0 ||
        parse_counts(counts_obj, REGISTERS, counts) < 0)
        return NULL;
    if (!np) return Py_BuildValue("(ii)", 0, 0);
    EState st = {device, counts, EINF, EINF};
    esearch(&st, board, cadet, held, ra, rb, n, 0, 1, 0, counts);
    return Py_BuildValue("(ii)", st.best_tx, st.best_commands);
}


/* ------------------------------------------------------------------ the legal orders of a hand (cadet.py) */

/* cadet.legal_orders in C, in the same order (depth first, commands in index order): every legal order
 * of the hand's cards into the 5 registers, the fixed registers kept, with its end position, the mask of
 * the pairs (in their given order) completed on the way and the cards left out. */

typedef struct {
    const uint8_t *device;
    const int *fixed;
    int left[COMMANDS];
    const uint8_t *pa, *pb;
    int np;
    PyObject *out;
    PyTypeObject *cls;    /* a tuple subclass with no fields of its own (cadet.Order), or NULL: plain tuples */
    PyObject *hands[128]; /* "" and each letter, made once */
    PyObject **versions;  /* the board objects, one per board met at an end (made when first needed) */
    int n_versions, cap_versions;
    int failed;
} OrderWalk;

static int new_version(OrderWalk *w) {
    if (room((void **)&w->versions, &w->cap_versions, w->n_versions, sizeof(PyObject *), 64) < 0) {
        w->failed = 1;
        return -1;
    }
    w->versions[w->n_versions] = NULL;
    return w->n_versions++;
}

static void order_visit(OrderWalk *w, int step, uint8_t *board, int version, int cadet, uint8_t held, int mask,
                        int *program) {
    if (w->failed) return;
    if (step == REGISTERS) {
        PyObject *b = w->versions[version];
        if (!b) {
            b = w->versions[version] = PyUnicode_FromStringAndSize((const char *)board, CELLS);
            if (!b) {
                w->failed = 1;
                return;
            }
        }
        int rest[4 * REGISTERS * COMMANDS], nleft = 0;
        for (int k = 0; k < COMMANDS; k++)
            for (int t = 0; t < w->left[k] && nleft < (int)(sizeof(rest) / sizeof(rest[0])); t++) rest[nleft++] = k;
        Py_INCREF(b);
        Py_INCREF(w->hands[held]);
        PyObject *items[6] = {int_tuple(program, REGISTERS), b, PyLong_FromLong(cadet), w->hands[held],
                              PyLong_FromLong(mask), int_tuple(rest, nleft)};
        PyObject *item = new_item(w->cls, 6, items);
        if (!item || PyList_Append(w->out, item) < 0) w->failed = 1;
        Py_XDECREF(item);
        return;
    }
    int f = w->fixed[step];
    for (int k = f >= 0 ? f : 0; k < (f >= 0 ? f + 1 : COMMANDS); k++) {
        if (f < 0 && w->left[k] <= 0) continue;
        if (f < 0) w->left[k]--;
        program[step] = k;
        if (k < MOVES) {
            int to = STEP[cadet][k];
            if (to >= 0) {
                int m = w->np && step == 0 ? mask_completed(board, w->pa, w->pb, w->np, mask) : mask;
                order_visit(w, step + 1, board, version, to, held, m, program);
            }
        } else {
            uint8_t tile, hand, was = board[cadet];
            if (act(w->device, k, was, held, &tile, &hand)) {
                board[cadet] = tile;
                int v = new_version(w);
                if (v >= 0) {
                    int m = w->np ? mask_completed(board, w->pa, w->pb, w->np, mask) : mask;
                    order_visit(w, step + 1, board, v, cadet, hand, m, program);
                }
                board[cadet] = was;
            }
        }
        if (f < 0) w->left[k]++;
    }
}

static PyObject *module_legal_orders(PyObject *Py_UNUSED(m), PyObject *args) {
    const char *b, *h, *p, *dv;
    Py_ssize_t nb, nh, np, nd;
    int cadet;
    PyObject *fixed_obj, *counts_obj, *cls = NULL;
    if (!PyArg_ParseTuple(args, "s#is#OOs#s#|O", &b, &nb, &cadet, &h, &nh, &fixed_obj, &counts_obj, &dv, &nd, &p,
                          &np, &cls))
        return NULL;
#define ORDER_PAIRS 30 /* a mask of an int */
    uint8_t board[CELLS], device[128], held, pa[ORDER_PAIRS], pb[ORDER_PAIRS];
    int n;
    if (parse_item_class(&cls) < 0 || parse_devices(dv, nd, device) < 0 || parse_board(b, nb, board) < 0 ||
        parse_cadet(cadet) < 0 || parse_hand(h, nh, NULL, &held) < 0 ||
        parse_pairs(p, np, ORDER_PAIRS, pa, pb, &n) < 0)
        return NULL;
    int fixed[REGISTERS], counts[COMMANDS];
    PyObject *seq = PySequence_Fast(fixed_obj, "fixed must be a sequence of 5 command indices or -1");
    if (!seq) return NULL;
    Py_ssize_t nf = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < nf && i < REGISTERS; i++) {
        long v = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v == -1 && PyErr_Occurred()) {
            Py_DECREF(seq);
            return NULL;
        }
        if (v < -1 || v >= COMMANDS) {
            Py_DECREF(seq);
            return PyErr_Format(PyExc_ValueError, "a fixed register holds a command index 0 to 6 or -1, not %ld", v);
        }
        fixed[i] = v < 0 ? -1 : (int)v;
    }
    Py_DECREF(seq);
    if (parse_counts(counts_obj, 20, counts) < 0) return NULL;
    int total = 0, free_ = 0;
    for (int k = 0; k < COMMANDS; k++) total += counts[k];
    PyObject *out = PyList_New(0);
    if (!out) return NULL;
    for (int i = 0; i < REGISTERS && i < nf; i++) free_ += fixed[i] < 0;
    if (nf != REGISTERS || total < free_) return out;
    OrderWalk w;
    memset(&w, 0, sizeof(w));
    w.device = device;
    w.fixed = fixed;
    memcpy(w.left, counts, sizeof(counts));
    w.pa = pa;
    w.pb = pb;
    w.np = n;
    w.out = out;
    w.cls = (PyTypeObject *)cls;
    int ok = make_hands(w.hands) == 0;
    int program[REGISTERS];
    int v0 = ok ? new_version(&w) : -1;
    if (ok && v0 >= 0) order_visit(&w, 0, board, v0, cadet, held, 0, program);
    free_hands(w.hands);
    for (int i = 0; i < w.n_versions; i++) Py_XDECREF(w.versions[i]);
    free(w.versions);
    if (!ok || w.failed || v0 < 0) {
        Py_DECREF(out);
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return NULL;
    }
    return out;
}


/* ------------------------------------------------------------------ the outcomes of one transmission */

/* Solver.outcomes in C: every distinct outcome (board, cell, hand, mask of the pairs in their given
 * order) of one transmission with its least program (the first met walking the programs in index
 * order, every command checked as the kernel checks it).  Seen outcomes are kept in a table reused
 * from call to call (a generation number marks this call's entries). */

static int enter(Core *c);

typedef struct {
    Core *c;
    const uint8_t *pa, *pb;
    int np;
    PyObject *out;
    PyTypeObject *cls;
    PyObject *hands[128];
    int left[COMMANDS];
    int failed;
} OutcomeWalk;

static void outcome_visit(OutcomeWalk *w, int step, uint8_t *board, int cadet, uint8_t held, int mask,
                          int *program) {
    if (w->failed) return;
    Core *c = w->c;
    if (step == REGISTERS) {
        uint8_t key[28];
        memcpy(key, board, CELLS);
        key[25] = (uint8_t)cadet;
        key[26] = held;
        key[27] = (uint8_t)mask;
        size_t m = c->seen_cap - 1, i = hash_bytes(key, 28) & m;
        while (c->seen[i].gen == c->seen_gen) {
            if (!memcmp(c->seen[i].key, key, 28)) return; /* a lesser program reached it first */
            i = (i + 1) & m;
        }
        memcpy(c->seen[i].key, key, 28);
        c->seen[i].gen = c->seen_gen;
        Py_INCREF(w->hands[held]);
        PyObject *items[5] = {PyUnicode_FromStringAndSize((const char *)board, CELLS), PyLong_FromLong(cadet),
                              w->hands[held], PyLong_FromLong(mask), int_tuple(program, REGISTERS)};
        PyObject *item = new_item(w->cls, 5, items);
        if (!item) {
            w->failed = 1;
            return;
        }
        if (PyList_Append(w->out, item) < 0) w->failed = 1;
        Py_DECREF(item);
        return;
    }
    for (int k = 0; k < COMMANDS; k++) {
        if (!w->left[k]) continue;
        w->left[k]--;
        program[step] = k;
        if (k < MOVES) {
            int to = STEP[cadet][k];
            if (to >= 0) {
                int m = w->np && step == 0 ? mask_completed(board, w->pa, w->pb, w->np, mask) : mask;
                outcome_visit(w, step + 1, board, to, held, m, program);
            }
        } else {
            uint8_t tile, hand, was = board[cadet];
            if (act(c->device, k, was, held, &tile, &hand)) {
                board[cadet] = tile;
                int m = w->np ? mask_completed(board, w->pa, w->pb, w->np, mask) : mask;
                outcome_visit(w, step + 1, board, cadet, hand, m, program);
                board[cadet] = was;
            }
        }
        w->left[k]++;
    }
}

static PyObject *Core_outcomes(Core *c, PyObject *args) {
    const char *b, *h, *p;
    Py_ssize_t nb, nh, np;
    int cadet;
    PyObject *cls = NULL;
    if (!PyArg_ParseTuple(args, "s#is#s#|O", &b, &nb, &cadet, &h, &nh, &p, &np, &cls)) return NULL;
    uint8_t board[CELLS], held, pa[MAXP], pb[MAXP];
    int n;
    if (parse_item_class(&cls) < 0 || parse_board(b, nb, board) < 0 || parse_cadet(cadet) < 0 ||
        parse_hand(h, nh, c->device, &held) < 0 || parse_pairs(p, np, MAXP, pa, pb, &n) < 0)
        return NULL;
    if (!c->ts) return PyErr_Format(PyExc_RuntimeError, "the search core was not initialised");
    if (enter(c) < 0) return NULL;
    if (!c->seen) {
        c->seen_cap = c->slots_all;
        c->seen = calloc(c->seen_cap, sizeof(SeenEntry));
        if (!c->seen) {
            c->busy = 0;
            return PyErr_NoMemory();
        }
    }
    if (++c->seen_gen == 0) { /* wrapped: start the table again */
        memset(c->seen, 0, sizeof(SeenEntry) * c->seen_cap);
        c->seen_gen = 1;
    }
    PyObject *out = PyList_New(0);
    if (!out) {
        c->busy = 0;
        return NULL;
    }
    OutcomeWalk w;
    memset(&w, 0, sizeof(w));
    w.c = c;
    w.pa = pa;
    w.pb = pb;
    w.np = n;
    w.out = out;
    w.cls = (PyTypeObject *)cls;
    memcpy(w.left, c->counts, sizeof(w.left));
    int ok = make_hands(w.hands) == 0;
    int program[REGISTERS];
    if (ok) outcome_visit(&w, 0, board, cadet, held, 0, program);
    free_hands(w.hands);
    c->busy = 0;
    if (!ok || w.failed) {
        Py_DECREF(out);
        if (!PyErr_Occurred()) PyErr_NoMemory();
        return NULL;
    }
    return out;
}

/* ------------------------------------------------------------------ the Python type */

static void core_free_tables(Core *c) {
    trie_set_release(c->ts);
    c->ts = NULL;
    for (int i = 0; i < c->n_sets; i++) free(c->sets[i].rest);
    free(c->sets);
    c->sets = NULL;
    c->n_sets = c->cap_sets = 0;
    free(c->tt);
    free(c->bounds);
    c->tt = NULL;
    c->bounds = NULL;
    for (int i = 0; i <= MAXDEPTH; i++) {
        free(c->levels[i].slots);
        free(c->levels[i].order);
        free(c->levels[i].children);
        memset(&c->levels[i], 0, sizeof(Level));
    }
    free(c->walk_w);
    c->walk_w = NULL;
    free(c->walk_live);
    c->walk_live = NULL;
    free(c->seen);
    c->seen = NULL;
    c->seen_cap = 0;
    c->seen_gen = 0;
}

static void Core_dealloc(Core *c) {
    core_free_tables(c);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    static char *names[] = {"devices", "counts", "table_size", NULL};
    const char *devices;
    Py_ssize_t nd;
    PyObject *counts;
    Py_ssize_t table_size = 200000;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "s#O|n", names, &devices, &nd, &counts, &table_size)) return -1;
    core_free_tables(c);
    if (parse_devices(devices, nd, c->device) < 0 || parse_counts(counts, REGISTERS, c->counts) < 0) return -1;
    if (table_size < 16) table_size = 16;
    size_t cap = 1024;
    while (cap < (size_t)table_size * 2 && cap < ((size_t)1 << 26)) cap <<= 1;
    c->tt_max = cap; /* the tables start small and grow to this (a fresh Core costs little) */
    c->tt_cap = 1024;
    c->tt = calloc(c->tt_cap, sizeof(TTEntry));
    c->tt_used = 0;
    c->b_cap = 1024;
    c->bounds = calloc(c->b_cap, sizeof(BoundEntry));
    c->b_used = 0;
    c->walk_w = malloc(sizeof(int32_t) * ((size_t)1 << MAXWALK) * MAXWALK);
    c->walk_live = malloc(sizeof(uint16_t) << MAXWALK);
    if (!c->tt || !c->bounds || !c->walk_w || !c->walk_live) {
        PyErr_NoMemory();
        return -1;
    }
    c->nodes = 0;
    c->stop_at = INFINITY;
    c->busy = 0;
    int t = acquire_tries(c);
    if (t == -1) {
        PyErr_NoMemory();
        return -1;
    }
    c->slots_trie = c->slots_all = 64;
    while (c->slots_trie < (size_t)c->ts->nodes * 2) c->slots_trie <<= 1;
    while (c->slots_all < (size_t)c->ts->programs * 2) c->slots_all <<= 1;
    return 0;
}

/* Parse (board, cadet, carrying, pairs) and intern the pairs; 0 on success (a Python error set otherwise). */
static int parse_position(Core *c, PyObject *args, uint8_t *board, int *cadet, uint8_t *held, int *sid,
                          int *extra, double *stop_at) {
    const char *b, *h, *p;
    Py_ssize_t nb, nh, np;
    *stop_at = INFINITY;
    if (extra) {
        if (!PyArg_ParseTuple(args, "s#is#s#i|d", &b, &nb, cadet, &h, &nh, &p, &np, extra, stop_at)) return -1;
    } else {
        if (!PyArg_ParseTuple(args, "s#is#s#", &b, &nb, cadet, &h, &nh, &p, &np)) return -1;
    }
    uint8_t pa[MAXP], pb[MAXP];
    int n;
    if (parse_board(b, nb, board) < 0 || parse_cadet(*cadet) < 0 || parse_hand(h, nh, c->device, held) < 0 ||
        parse_pairs(p, np, MAXP, pa, pb, &n) < 0)
        return -1;
    if (extra && (*extra < 0 || *extra > MAXDEPTH)) {
        PyErr_Format(PyExc_ValueError, "transmissions must be 0 to %d, not %d", MAXDEPTH, *extra);
        return -1;
    }
    if (!c->ts) {
        PyErr_SetString(PyExc_RuntimeError, "the search core was not initialised");
        return -1;
    }
    for (int i = 0; i <= MAXDEPTH; i++) {
        if (c->levels[i].slots) continue;
        if (extra && i > *extra + 1) break;
        if (!extra && i > 0) break;
        c->levels[i].slots = calloc(c->slots_trie, sizeof(Group));
        c->levels[i].cap = c->slots_trie;
        c->levels[i].order = malloc(sizeof(int32_t) * c->slots_trie);
        c->levels[i].children = malloc(sizeof(Child) * (size_t)c->ts->programs);
        if (!c->levels[i].slots || !c->levels[i].order || !c->levels[i].children) {
            PyErr_NoMemory();
            return -1;
        }
    }
    *sid = set_intern(c, n, pa, pb);
    if (*sid < 0) {
        PyErr_NoMemory();
        return -1;
    }
    return 0;
}

static int enter(Core *c) {
    /* the GIL is held: the test and the set cannot interleave with another thread's */
    if (c->busy) {
        PyErr_SetString(PyExc_RuntimeError, "this search core is already searching in another thread");
        return -1;
    }
    c->busy = 1;
    return 0;
}

/* need (is_need) or within: the search, the GIL released. */
static PyObject *core_search(Core *c, PyObject *args, int is_need) {
    uint8_t board[CELLS], held;
    int cadet, sid, d, r;
    double stop_at;
    if (enter(c) < 0) return NULL;
    if (parse_position(c, args, board, &cadet, &held, &sid, &d, &stop_at) < 0) {
        c->busy = 0;
        return NULL;
    }
    c->stop_at = stop_at;
    c->overflow = 0;
    Py_BEGIN_ALLOW_THREADS
    r = is_need ? need(c, board, cadet, held, sid, d) : within(c, 0, board, cadet, held, sid, d);
    Py_END_ALLOW_THREADS
    c->busy = 0;
    return PyLong_FromLong(r);
}

static PyObject *Core_need(Core *c, PyObject *args) { return core_search(c, args, 1); }
static PyObject *Core_within(Core *c, PyObject *args) { return core_search(c, args, 0); }

enum { BOUND_FULL, BOUND_CHEAP, BOUND_HINT };

/* The bound (full or cheap) of a position, or its best known lower bound (hint: exact when solved). */
static PyObject *core_value(Core *c, PyObject *args, int kind) {
    uint8_t board[CELLS], held;
    int cadet, sid;
    double stop_at;
    if (enter(c) < 0) return NULL;
    if (parse_position(c, args, board, &cadet, &held, &sid, NULL, &stop_at) < 0) {
        c->busy = 0;
        return NULL;
    }
    int v = 0;
    if (c->sets[sid].n) {
        TTEntry *e = kind == BOUND_HINT ? tt_slot(c, board, cadet, held, sid, 0) : NULL;
        if (e && e->exact) {
            v = e->exact - 1;
        } else {
            const BoundEntry *be = bound_of(c, board, held, sid, kind != BOUND_CHEAP);
            v = kind == BOUND_CHEAP ? be->cheap[cadet] : be->full[cadet];
            if (e && e->lower > v) v = e->lower;
        }
    }
    c->busy = 0;
    return PyLong_FromLong(v);
}

static PyObject *Core_bound(Core *c, PyObject *args) { return core_value(c, args, BOUND_FULL); }
static PyObject *Core_cheap(Core *c, PyObject *args) { return core_value(c, args, BOUND_CHEAP); }
static PyObject *Core_hint(Core *c, PyObject *args) { return core_value(c, args, BOUND_HINT); }

static PyObject *Core_clear(Core *c, PyObject *Py_UNUSED(ignored)) {
    if (enter(c) < 0) return NULL;
    memset(c->tt, 0, sizeof(TTEntry) * c->tt_cap);
    c->tt_used = 0;
    memset(c->bounds, 0, sizeof(BoundEntry) * c->b_cap);
    c->b_used = 0;
    c->busy = 0;
    Py_RETURN_NONE;
}

static PyObject *Core_get_nodes(Core *c, void *Py_UNUSED(closure)) { return PyLong_FromLongLong(c->nodes); }

static PyObject *forget_tries(PyObject *Py_UNUSED(m), PyObject *Py_UNUSED(ignored)) {
    for (int i = 0; i < TRIE_SETS; i++) {
        trie_set_release(trie_sets[i]);
        trie_sets[i] = NULL;
    }
    Py_RETURN_NONE;
}

static PyMethodDef module_methods[] = {
    {"legal_orders", module_legal_orders, METH_VARARGS,
     "legal_orders(board, cadet, carrying, fixed, counts, devices, pairs, cls=None) -> [(program, board, cadet, "
     "carrying, mask, left_out), ...]: cadet.legal_orders in C, in its order (pairs: 2 letters per pair, in "
     "order); each item a cls (a NamedTuple such as cadet.Order) or a plain tuple."},
    {"estimate", module_estimate, METH_VARARGS,
     "estimate(board, cadet, carrying, pairs, devices, counts) -> (transmissions, commands): "
     "estimate.estimate in C (pairs: 2 letters per pair, in the pairs' order)."},
    {"forget_tries", forget_tries, METH_NOARGS,
     "forget_tries() -> None: drop the process's shared program tries (the next Core builds them again)."},
    {NULL, NULL, 0, NULL},
};

static PyMethodDef Core_methods[] = {
    {"need", (PyCFunction)Core_need, METH_VARARGS,
     "need(board, cadet, carrying, pairs, limit, stop_at=inf) -> fewest transmissions (0 with no pairs), "
     "limit + 1 when more are needed, -1 when time.monotonic() passed stop_at, -2 when out of memory."},
    {"within", (PyCFunction)Core_within, METH_VARARGS,
     "within(board, cadet, carrying, pairs, d, stop_at=inf) -> 1 when solvable within d transmissions, 0 "
     "when not, -1 when time.monotonic() passed stop_at, -2 when out of memory."},
    {"bound", (PyCFunction)Core_bound, METH_VARARGS,
     "bound(board, cadet, carrying, pairs) -> the admissible lower bound (1000: never)."},
    {"outcomes", (PyCFunction)Core_outcomes, METH_VARARGS,
     "outcomes(board, cadet, carrying, pairs, cls=None) -> [(board, cadet, carrying, mask, program), ...]: "
     "every distinct outcome of one transmission with its least program (Solver.outcomes; pairs in their "
     "order), each a cls (a NamedTuple such as TransmissionResult) or a plain tuple."},
    {"cheap", (PyCFunction)Core_cheap, METH_VARARGS,
     "cheap(board, cadet, carrying, pairs) -> the bound without the walks through the targets (never above "
     "bound(), Bound.cheap)."},
    {"hint", (PyCFunction)Core_hint, METH_VARARGS,
     "hint(board, cadet, carrying, pairs) -> the best known lower bound (exact when solved)."},
    {"clear", (PyCFunction)Core_clear, METH_NOARGS, "clear() -> None: empty the tables."},
    {NULL, NULL, 0, NULL},
};

static PyGetSetDef Core_getset[] = {
    {"nodes", (getter)Core_get_nodes, NULL, "positions expanded since construction", NULL},
    {NULL, NULL, NULL, NULL, NULL},
};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "companion.games.transmission.mission_control._search.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Core(devices, counts, table_size=200000): the exact search of solver.py, in C.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
    .tp_getset = Core_getset,
};

static struct PyModuleDef search_module = {
    PyModuleDef_HEAD_INIT, "_search",
    "The exact search of the AI Mission Control in C (see solver.py; RULES.md, A transmission).", -1,
    module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__search(void) {
    init_geometry();
    init_estimate();
    init_needs();
    if (PyType_Ready(&CoreType) < 0) return NULL;
    PyObject *m = PyModule_Create(&search_module);
    if (!m) return NULL;
    Py_INCREF(&CoreType);
    if (PyModule_AddObject(m, "Core", (PyObject *)&CoreType) < 0) {
        Py_DECREF(&CoreType);
        Py_DECREF(m);
        return NULL;
    }
    if (PyModule_AddStringConstant(m, "SOURCE_SHA256", SEARCH_SOURCE_SHA256) < 0 ||
        PyModule_AddIntConstant(m, "MAX_PAIRS", MAXP) < 0 || PyModule_AddIntConstant(m, "INF", INF) < 0 ||
        PyModule_AddIntConstant(m, "BOUND_PAIRS", BOUND_PAIRS) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}

/*
 * yahtzee.c: the optimum expected score of solitaire Yahtzee, as a reference
 * point for the speed of dicecam's solver. Plain C99, one thread, no
 * dependencies:
 *
 *	cc -O2 -o yahtzee yahtzee.c && ./yahtzee
 *
 * Rules: 13 boxes; upper bonus 35 at 63; 100 for every further five alike
 * while the Yahtzee box holds its 50; the forced joker (a five alike with
 * the Yahtzee box filled must go in its number box if that is open, else in
 * any open lower box at full value, else scores 0 in an open number box).
 *
 * Backward dynamic programming over turn states (filled boxes, upper total
 * capped at 63, whether the Yahtzee box holds 50), skipping upper totals
 * no play reaches. Within a turn the 252 rolls and 462 keeps (multisets of
 * 0 to 5 dice) are numbered once; the expected value of a keep is the
 * average over one more die of the keeps one die larger, and the best of a
 * roll's keeps is found by removing one die at a time, so a turn is a few
 * thousand operations on small arrays.
 */
#include <stdio.h>
#include <string.h>

enum {
	NBOX = 13,
	NKEEP = 462,
	NROLL = 252,
	FIRSTROLL = NKEEP - NROLL, /* keeps are numbered by size: rolls last */
	UPS = 64,                  /* upper totals 0..63, 63 meaning 63 or more */
	BONUSAT = 63,
	BONUS = 35,
	YBOX = 11,
	YBONUS = 100
};

/* Boxes: 0-5 aces to sixes, 6 three of a kind, 7 four of a kind, 8 full
 * house, 9 small straight, 10 large straight, 11 yahtzee, 12 chance. */

static int cnt[NKEEP][6];      /* dice showing each face */
static int ksize[NKEEP];
static int code2keep[46656];   /* counts in base 6 to keep number */
static int add[FIRSTROLL][6];  /* the keep with one more die of a face */
/* Every keep paired with each distinct keep of one die fewer, smaller keeps
 * first, so that taking the larger pair by pair gives a keep the best of
 * all its sub-keeps (see setup for the order within a size). */
static struct pair { short keep, sub; } pairs[NKEEP * 6];
static int npairs;
static double prob[NROLL];     /* chance of each roll of five dice */
static double pts[NBOX][NROLL];/* points of each roll in each box, no joker */
static int fiveface[NROLL];    /* face 0..5 of five alike, else -1 */
static int fiveroll[6];        /* the roll of five alike of each face */
static double jokerpts[NBOX][6];/* a lower box's points for five alike under the joker */
static unsigned char reach[64][UPS]; /* upper totals reachable by filled upper boxes */

static double V[(1 << NBOX) * UPS * 2];

/* The larger of two worths, written so that the compiler picks it without a
 * branch. */
static double larger(double a, double b) { return a > b ? a : b; }

static int sidx(int mask, int up, int y) { return (mask * UPS + up) * 2 + y; }

static int code(const int c[6])
{
	int x = 0;
	for (int f = 5; f >= 0; f--)
		x = x * 6 + c[f];
	return x;
}

static int nkeeps;

static void walk(int c[6], int face, int left)
{
	if (face == 5) {
		c[5] = left;
		memcpy(cnt[nkeeps], c, sizeof cnt[0]);
		ksize[nkeeps] = 0;
		for (int f = 0; f < 6; f++)
			ksize[nkeeps] += c[f];
		code2keep[code(c)] = nkeeps;
		nkeeps++;
		return;
	}
	for (int k = 0; k <= left; k++) {
		c[face] = k;
		walk(c, face + 1, left - k);
	}
}

static int run(const int c[6], int from, int to)
{
	for (int f = from; f <= to; f++)
		if (c[f] == 0)
			return 0;
	return 1;
}

static void score(const int c[6], double out[NBOX])
{
	int sum = 0, most = 0, three = 0, two = 0;
	for (int f = 0; f < 6; f++) {
		sum += c[f] * (f + 1);
		if (c[f] > most)
			most = c[f];
		three |= c[f] == 3;
		two |= c[f] == 2;
		out[f] = c[f] * (f + 1);
	}
	out[6] = most >= 3 ? sum : 0;
	out[7] = most >= 4 ? sum : 0;
	out[8] = three && two ? 25 : 0;
	out[9] = run(c, 0, 3) || run(c, 1, 4) || run(c, 2, 5) ? 30 : 0;
	out[10] = run(c, 0, 4) || run(c, 1, 5) ? 40 : 0;
	out[11] = most == 5 ? 50 : 0;
	out[12] = sum;
}

static void setup(void)
{
	int c[6];
	for (int size = 0; size <= 5; size++)
		walk(c, 0, size);
	for (int k = 0; k < NKEEP; k++) {
		for (int f = 0; f < 6; f++) {
			int d[6];
			memcpy(d, cnt[k], sizeof d);
			if (ksize[k] < 5) {
				d[f]++;
				add[k][f] = code2keep[code(d)];
				d[f]--;
			}
		}
	}
	/* Pairs of one size of keep, face by face, so that pairs in a row
	 * touch different keeps and do not wait on each other. */
	for (int size = 1; size <= 5; size++)
		for (int f = 0; f < 6; f++)
			for (int k = 0; k < NKEEP; k++) {
				int d[6];
				memcpy(d, cnt[k], sizeof d);
				if (ksize[k] != size || d[f] == 0)
					continue;
				d[f]--;
				pairs[npairs].keep = (short)k;
				pairs[npairs].sub = (short)code2keep[code(d)];
				npairs++;
			}
	for (int r = 0; r < NROLL; r++) {
		const int *rc = cnt[FIRSTROLL + r];
		double ways = 120, s[NBOX];
		for (int f = 0; f < 6; f++)
			for (int i = 2; i <= rc[f]; i++)
				ways /= i;
		prob[r] = ways / 7776;
		score(rc, s);
		for (int b = 0; b < NBOX; b++)
			pts[b][r] = s[b];
		fiveface[r] = -1;
		for (int f = 0; f < 6; f++)
			if (rc[f] == 5) {
				fiveface[r] = f;
				fiveroll[f] = r;
			}
	}
	for (int f = 0; f < 6; f++) {
		jokerpts[6][f] = jokerpts[7][f] = jokerpts[12][f] = 5 * (f + 1);
		jokerpts[8][f] = 25;
		jokerpts[9][f] = 30;
		jokerpts[10][f] = 40;
	}
	for (int um = 0; um < 64; um++) {
		/* Box by box: the totals with the lower boxes of um filled, plus
		 * any count of the highest. */
		if (um == 0) {
			reach[0][0] = 1;
			continue;
		}
		int b = 5;
		while (!(um & 1 << b))
			b--;
		for (int up = 0; up < UPS; up++) {
			if (!reach[um & ~(1 << b)][up])
				continue;
			for (int n = 0; n <= 5; n++) {
				int u = up + n * (b + 1);
				reach[um][u < BONUSAT ? u : BONUSAT] = 1;
			}
		}
	}
}

/* One reroll: e[FIRSTROLL:] holds each roll's worth as it lands; on return
 * best[FIRSTROLL:] holds each roll's worth when the best keep is held. */
static void reroll(double e[NKEEP], double best[NKEEP])
{
	for (int k = FIRSTROLL - 1; k >= 0; k--) {
		const int *a = add[k];
		e[k] = (e[a[0]] + e[a[1]] + e[a[2]] + e[a[3]] + e[a[4]] + e[a[5]]) * (1.0 / 6);
	}
	memcpy(best, e, sizeof(double) * NKEEP);
	for (int i = 0; i < npairs; i++)
		best[pairs[i].keep] = larger(best[pairs[i].sub], best[pairs[i].keep]);
}

/* The best worth of five alike of face f once the Yahtzee box is filled:
 * the forced joker, and the 100 while the box holds its 50. */
static double joker(int mask, int up, int y, int f)
{
	double m = -1, extra = y ? YBONUS : 0;
	if (!(mask & 1 << f)) {
		int p = 5 * (f + 1), u = up + p;
		int bonus = up < BONUSAT && u >= BONUSAT ? BONUS : 0;
		return extra + p + bonus + V[sidx(mask | 1 << f, u < BONUSAT ? u : BONUSAT, y)];
	}
	for (int b = 6; b < NBOX; b++)
		if (!(mask & 1 << b) && jokerpts[b][f] + V[sidx(mask | 1 << b, up, y)] > m)
			m = jokerpts[b][f] + V[sidx(mask | 1 << b, up, y)];
	if (m >= 0)
		return extra + m;
	for (int b = 0; b < 6; b++) /* only a 0 in a number box is left */
		if (!(mask & 1 << b) && V[sidx(mask | 1 << b, up, y)] > m)
			m = V[sidx(mask | 1 << b, up, y)];
	return extra + m;
}

static double state_value(int mask, int up, int y)
{
	double e[NKEEP], best[NKEEP], *rv = e + FIRSTROLL;
	int open[NBOX], nopen = 0;
	for (int b = 0; b < NBOX; b++)
		if (!(mask & 1 << b))
			open[nopen++] = b;
	for (int r = 0; r < NROLL; r++)
		rv[r] = 0;
	/* Each open box raises every roll to what it is worth there. */
	for (int i = 0; i < nopen; i++) {
		int b = open[i], next = mask | 1 << b;
		if (b < 6) {
			double later[6];
			for (int n = 0; n <= 5; n++) {
				int p = n * (b + 1), u = up + p;
				int bonus = up < BONUSAT && u >= BONUSAT ? BONUS : 0;
				later[n] = p + bonus + V[sidx(next, u < BONUSAT ? u : BONUSAT, y)];
			}
			for (int r = 0; r < NROLL; r++)
				rv[r] = larger(later[cnt[FIRSTROLL + r][b]], rv[r]);
		} else if (b == YBOX) {
			double missed = V[sidx(next, up, 0)], made = 50 + V[sidx(next, up, 1)];
			for (int r = 0; r < NROLL; r++)
				rv[r] = larger(fiveface[r] >= 0 ? made : missed, rv[r]);
		} else {
			double later = V[sidx(next, up, y)];
			const double *p = pts[b];
			for (int r = 0; r < NROLL; r++)
				rv[r] = larger(p[r] + later, rv[r]);
		}
	}
	if (mask & 1 << YBOX)
		for (int f = 0; f < 6; f++)
			rv[fiveroll[f]] = joker(mask, up, y, f);
	reroll(e, best);
	memcpy(rv, best + FIRSTROLL, sizeof(double) * NROLL);
	reroll(e, best);
	double v = 0;
	for (int r = 0; r < NROLL; r++)
		v += prob[r] * best[FIRSTROLL + r];
	return v;
}

int main(void)
{
	setup();
	for (int mask = (1 << NBOX) - 2; mask >= 0; mask--) {
		int ys = mask & 1 << YBOX ? 2 : 1;
		for (int up = 0; up < UPS; up++) {
			if (!reach[mask & 63][up])
				continue;
			for (int y = 0; y < ys; y++)
				V[sidx(mask, up, y)] = state_value(mask, up, y);
		}
	}
	printf("%.6f\n", V[sidx(0, 0, 0)]);
	return 0;
}

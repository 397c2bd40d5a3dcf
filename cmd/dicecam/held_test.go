package main

import (
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/vision"
	"github.com/dicecam/dicecam/vision/model"
)

func TestHeldBySaysTheFirstCheckThatHeldADieBack(t *testing.T) {
	sure := func(count int, agree bool) vision.Why {
		var w vision.Why
		w.Probs[4], w.Count, w.Agree = 1, count, agree
		return w
	}
	doubted := func(count int, agree bool) vision.Why {
		w := sure(count, agree)
		w.Probs[model.NotADie], w.Probs[4] = 0.3, 0.7
		return w
	}
	asked := func(w vision.Why, by vision.Rule) vision.Why {
		w.Rule = by
		return w
	}
	four := vision.Die{Value: 4, Uncertain: true}
	cases := []struct {
		name  string
		label int
		why   vision.Why
		want  hold
	}{
		{"read as another face, whatever the checks say", 5, sure(4, true), holdWrong},
		{"read as another face, asked by a rule", 5, asked(sure(4, true), vision.OutsizedOne), holdWrong},
		{"asked as a 1 larger than its crowd", 4, asked(sure(4, true), vision.OutsizedOne), holdOutsized},
		{"asked as a die seen small, though doubted", 4, asked(doubted(0, false), vision.OneSeenSmall), holdSeenSmall},
		{"asked as the pip search reads another value", 4, asked(sure(3, false), vision.PipSearchDiffers), holdPipSearch},
		{"doubted a die, its pips agreeing", 4, doubted(4, true), holdDoubtAgreeing},
		{"doubted a die, its pips not agreeing", 4, doubted(3, false), holdDoubt},
		{"doubted a die, no pips counted", 4, doubted(0, false), holdDoubt},
		{"no pips laid out as a face", 4, sure(0, false), holdNoCount},
		{"pips counted that do not agree", 4, sure(3, false), holdCountDiffers},
		{"every check passed", 4, sure(4, true), holdNone},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, holdNames[tc.want], holdNames[heldBy(tc.label, four, tc.why)])
		})
	}
}

// The second table of eval --why counts every asked die of each folder,
// and the total's the folders' together; each count is what the --dice
// file's columns say of those dice.
func TestEvalWhyCountsTheAskedDiceByWhatHeldThemBack(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	out := filepath.Join(t.TempDir(), "dice.csv")
	folders := []string{"../../testdata/fixtures/logo", "../../testdata/fixtures/colours"}
	code, stdout, stderr := runCmd(t, append([]string{"eval", "--json", "--why", "--dice", out}, folders...)...)
	require.Equal(t, 0, code, stderr)
	var rows []struct {
		Folder   string         `json:"folder"`
		Asked    float64        `json:"asked"`
		HeldBack map[string]int `json:"held_back"`
	}
	require.NoError(t, json.Unmarshal([]byte(stdout), &rows))
	require.Len(t, rows, 3)

	recs := readCSV(t, out)
	want := map[string]map[string]int{"total": {}}
	for _, r := range recs[1:] {
		if r[2] != string(vision.Asked) {
			continue
		}
		none, err := strconv.ParseFloat(r[11], 64)
		require.NoError(t, err)
		key := "all_agree"
		switch {
		case r[3] != r[4]:
			key = "model_wrong"
		case r[16] == "outsized-one":
			key = "outsized_one"
		case r[16] == "one-seen-small":
			key = "one_seen_small"
		case r[16] == "pip-search-differs":
			key = "pip_search_differs"
		case none > 0.02 && r[13] == "true":
			key = "doubt_pips_agree"
		case none > 0.02:
			key = "doubt_pips_disagree"
		case r[12] == "0":
			key = "no_count"
		case r[13] != "true":
			key = "count_differs"
		}
		if want[r[0]] == nil {
			want[r[0]] = map[string]int{}
		}
		want[r[0]][key]++
		want["total"][key]++
	}
	asked := 0
	for _, row := range rows {
		n := 0
		for key, k := range row.HeldBack {
			assert.Equal(t, want[row.Folder][key], k, "%s: %s", row.Folder, key)
			n += k
		}
		assert.Len(t, row.HeldBack, int(holds), "%s: a count for every hold", row.Folder)
		if row.Folder != "total" {
			asked += n
		}
	}
	assert.Positive(t, rows[0].HeldBack["no_count"], "the logo dice show no pips")
	total := 0
	for _, k := range rows[2].HeldBack {
		total += k
	}
	assert.Equal(t, asked, total, "the total row counts the folders' asked dice")

	code, stdout, stderr = runCmd(t, "eval", "--json", folders[0])
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stdout, "held_back", "only --why counts what held the dice back")
}

// read --why says what the checks make of every die, and of each die asked
// about, in words, what held it back: the logo fixture's 1s wear a logo,
// not a pip, so nothing vouches for them.
func TestReadWhySaysWhatHeldEachAskedDieBack(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", t.TempDir())
	images := []string{"../../testdata/fixtures/logo/images/logo-1.jpg", "../../testdata/fixtures/colours/images/colours-0.jpg"}
	code, stdout, stderr := runCmd(t, append([]string{"read", "--why", "--json"}, images...)...)
	require.Equal(t, 0, code, stderr)
	asked, sure := 0, 0
	for _, line := range strings.Split(strings.TrimSpace(stdout), "\n") {
		var res readResult
		require.NoError(t, json.Unmarshal([]byte(line), &res))
		require.NotEmpty(t, res.Dice, res.Image)
		for _, d := range res.Dice {
			require.NotNil(t, d.Why, "%s: every die is explained", res.Image)
			if !d.Uncertain {
				sure++
				assert.Empty(t, d.Why.HeldBack, "%s: a sure die was held back by nothing", res.Image)
				continue
			}
			asked++
			if d.Value == 1 {
				assert.Zero(t, d.Why.Count, "%s: a logo shows no pips", res.Image)
				assert.Equal(t, holdNoCount.says(vision.Die{}, vision.Why{}), d.Why.HeldBack)
			}
		}
	}
	assert.Positive(t, asked, "the logo 1s are asked about")
	assert.Positive(t, sure)

	code, stdout, stderr = runCmd(t, append([]string{"read", "--why"}, images...)...)
	require.Equal(t, 0, code, stderr)
	assert.Equal(t, asked, strings.Count(stdout, "\n  "), "a line under its image for each die asked about:\n%s", stdout)
	assert.Contains(t, stdout, "no pips are laid out as a face")

	code, stdout, stderr = runCmd(t, "read", "--json", images[0])
	require.Equal(t, 0, code, stderr)
	assert.NotContains(t, stdout, `"why"`, "only --why explains")
}

package vision

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/dicecam/dicecam/rules"
)

func TestProfileSurvivesSaveAndLoad(t *testing.T) {
	p := DefaultProfile()
	p.Faces = rules.PokerFaces
	p.DieSize = [2]float64{20, 50}
	p.Background = Colour{120, 130, 140}
	p.Templates = []FaceTemplate{{Label: "J", Value: 3, Size: TemplateSize, Pixels: bytes.Repeat([]byte{1, 2, 3, 4}, TemplateSize*TemplateSize/4)}}
	path := filepath.Join(t.TempDir(), "sub", "profile.json")
	require.NoError(t, p.Save(path))
	got, err := LoadProfile(path)
	require.NoError(t, err)
	assert.Equal(t, p, got)
}

func TestLoadRefusesBrokenForeignAndNewerFiles(t *testing.T) {
	cases := []struct{ name, body, wantErr string }{
		{"not JSON", `{"format": "dicecam-profile",`, "not valid JSON"},
		{"foreign JSON", `{"name": "something else"}`, "not a dicecam profile"},
		{"newer version", `{"format": "dicecam-profile", "version": 9, "faces": "pips", "die_size": [10, 20]}`, "newer dicecam"},
		{"unknown faces", `{"format": "dicecam-profile", "version": 1, "faces": "runes", "die_size": [10, 20]}`, "faces"},
		{"empty size range", `{"format": "dicecam-profile", "version": 1, "faces": "pips", "die_size": [30, 20]}`, "die_size"},
		{"torn template", `{"format": "dicecam-profile", "version": 1, "faces": "pips", "die_size": [10, 20],
			"templates": [{"label": "logo", "value": 1, "size": 16, "pixels": "AAAA"}]}`, "template 0 (\"logo\") has 3 pixels"},
		// 4294967296² wraps to 0 in an int, which matched no pixels at all.
		{"template size that wraps", `{"format": "dicecam-profile", "version": 1, "faces": "pips", "die_size": [10, 20],
			"templates": [{"label": "logo", "value": 1, "size": 4294967296, "pixels": ""}]}`, "want 16"},
		{"template of another size", `{"format": "dicecam-profile", "version": 1, "faces": "pips", "die_size": [10, 20],
			"templates": [{"label": "logo", "value": 1, "size": 2, "pixels": "AAAAAA=="}]}`, "want 16"},
		{"die larger than any frame", `{"format": "dicecam-profile", "version": 1, "faces": "pips", "die_size": [10, 1e300]}`, "past 7072 pixels"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "p.json")
			require.NoError(t, os.WriteFile(path, []byte(c.body), 0o644))
			_, err := LoadProfile(path)
			require.Error(t, err)
			assert.Contains(t, err.Error(), c.wantErr)
		})
	}
}

func TestLoadNamesAMissingFile(t *testing.T) {
	_, err := LoadProfile(filepath.Join(t.TempDir(), "none.json"))
	require.Error(t, err)
	assert.Contains(t, err.Error(), "none.json")
}

func TestDefaultPathIsInTheConfigDir(t *testing.T) {
	t.Setenv("XDG_CONFIG_HOME", "/tmp/cfg")
	p, err := DefaultProfilePath()
	require.NoError(t, err)
	assert.Equal(t, filepath.Join("/tmp/cfg", "dicecam", "profile.json"), p)
}

// FuzzParseProfile reads any bytes as a profile file: it is refused, or it
// is a profile that passes Validate and that Save's encoding writes and
// reads back the same.
func FuzzParseProfile(f *testing.F) {
	good, err := json.Marshal(DefaultProfile())
	require.NoError(f, err)
	f.Add(good)
	f.Add([]byte(`{"format": "dicecam-profile", "version": 1, "faces": "poker", "die_size": [10, 20], "tray": [1, 2, 300, 200],
		"templates": [{"label": "logo", "value": 1, "size": 4294967296, "pixels": ""}]}`))
	f.Add([]byte(`{"format": "dicecam-profile", "version": 1, "faces": "pips", "die_size": [10, 20], "bodies": [[1, 2, 3]]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := ParseProfile(data)
		if err != nil {
			if p != nil {
				t.Fatalf("a refused profile (%v) came back too", err)
			}
			return
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("a profile that Validate refuses was taken: %v", err)
		}
		for _, tm := range p.Templates {
			if len(tm.Pixels) != TemplateSize*TemplateSize {
				t.Fatalf("a template of %d pixels was taken", len(tm.Pixels))
			}
		}
		again, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		q, err := ParseProfile(again)
		if err != nil {
			t.Fatalf("the profile as written does not read back: %v\n%s", err, again)
		}
		// Compared as written: an empty list and none are written alike.
		twice, err := json.Marshal(q)
		if err != nil {
			t.Fatal(err)
		}
		assert.JSONEq(t, string(again), string(twice))
	})
}

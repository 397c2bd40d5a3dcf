package vision

import (
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
	p.Templates = []FaceTemplate{{Label: "J", Value: 3, Size: 2, Pixels: []byte{1, 2, 3, 4}}}
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
			"templates": [{"label": "logo", "value": 1, "size": 4, "pixels": "AAAA"}]}`, "template 0"},
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

package strategy

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"log/slog"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/dicecam/dicecam/rules"
)

// formatVersion changes whenever the solver or the file layout changes, so an
// old table is solved again rather than trusted.
const formatVersion = 1

var magic = [8]byte{'d', 'i', 'c', 'e', 's', 't', 'r', 'a'}

// Load returns the table for a rule set from the cache, or solves it and
// caches it. A cache file that is damaged or from another version is solved
// again, with a log line saying so.
func Load(ctx context.Context, set *rules.Set, opts Options) (*Table, error) {
	if opts.NoCache {
		return Solve(ctx, set, opts)
	}
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	path, err := cachePath(opts.CacheDir, set, opts.Variant)
	if err != nil {
		log.Warn("no cache directory: solving without one", "err", err)
		return Solve(ctx, set, opts)
	}
	g, err := newGame(set, opts.Variant)
	if err != nil {
		return nil, err
	}
	t := &Table{variant: opts.Variant, solver: solver{g: g, sp: newSpace(g)}}
	err = t.read(path)
	if err == nil {
		return t, nil
	}
	if errors.Is(err, os.ErrNotExist) {
		log.Info("solving the strategy once; later runs read it from the cache", "rules", set.Spec())
	} else {
		log.Warn("strategy cache is unusable: solving again", "file", path, "err", err)
	}
	t, err = Solve(ctx, set, opts)
	if err != nil {
		return nil, err
	}
	if err := t.write(path); err != nil {
		log.Warn("could not cache the strategy table; it will be solved again next time", "err", err)
	} else {
		log.Debug("cached the strategy table", "file", path)
	}
	return t, nil
}

func cachePath(dir string, set *rules.Set, v Variant) (string, error) {
	if dir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return "", err
		}
		dir = filepath.Join(base, "dicecam")
	}
	name := strings.NewReplacer(":", "_", ",", "_", "=", "-").Replace(set.Spec())
	return filepath.Join(dir, fmt.Sprintf("strategy-v%d-%s-%s.bin", formatVersion, name, v)), nil
}

// header names what a file holds, so a file renamed or copied across rule
// sets is caught.
func (t *Table) header() []byte {
	var b bytes.Buffer
	b.Write(magic[:])
	id := fmt.Sprintf("%d %s %s %d %d %d", formatVersion, t.g.set.Spec(), t.variant, t.sp.boxes, t.sp.ups, t.sp.ys)
	binary.Write(&b, binary.LittleEndian, uint32(len(id)))
	b.WriteString(id)
	return b.Bytes()
}

// eachState visits the reachable states in a fixed order: the file stores
// only their values.
func (t *Table) eachState(fn func(i int)) {
	for mask := range uint32(1) << t.sp.boxes {
		for _, up := range t.sp.reach[mask] {
			for y := range t.sp.yStates(t.g, mask) {
				fn(t.sp.index(mask, int(up), y))
			}
		}
	}
}

func (t *Table) write(path string) error {
	var b bytes.Buffer
	b.Write(t.header())
	var buf [8]byte
	t.eachState(func(i int) {
		binary.LittleEndian.PutUint64(buf[:], math.Float64bits(t.value[i]))
		b.Write(buf[:])
	})
	binary.LittleEndian.PutUint32(buf[:4], crc32.ChecksumIEEE(b.Bytes()))
	b.Write(buf[:4])
	return writeFileAtomic(path, b.Bytes())
}

func (t *Table) read(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	head := t.header()
	if len(data) < len(head)+4 || !bytes.Equal(data[:len(head)], head) {
		return errors.New("written for another rule set or by another version")
	}
	body, tail := data[:len(data)-4], data[len(data)-4:]
	if crc32.ChecksumIEEE(body) != binary.LittleEndian.Uint32(tail) {
		return errors.New("checksum mismatch")
	}
	values := body[len(head):]
	n := 0
	t.eachState(func(int) { n++ })
	if len(values) != 8*n {
		return fmt.Errorf("holds %d bytes of values, want %d", len(values), 8*n)
	}
	t.value = make([]float64, t.sp.size())
	j := 0
	t.eachState(func(i int) {
		t.value[i] = math.Float64frombits(binary.LittleEndian.Uint64(values[8*j:]))
		j++
	})
	t.states = n
	return nil
}

// distributionFile is what a cached distribution file holds.
type distributionFile struct {
	Version int       `json:"version"`
	Rules   string    `json:"rules"`
	Variant string    `json:"variant"`
	Low     int       `json:"low"`
	Chance  []float64 `json:"chance"`
}

// LoadDistribution returns the table's Distribution from the cache, or works
// it out and caches it: it takes longer than solving the table.
func LoadDistribution(ctx context.Context, t *Table, opts Options) (*Distribution, error) {
	log := opts.Log
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	path, err := cachePath(opts.CacheDir, t.Set(), t.variant)
	if opts.NoCache || err != nil {
		return t.Distribution(ctx)
	}
	path = strings.TrimSuffix(path, ".bin") + "-scores.json"
	want := distributionFile{Version: formatVersion, Rules: t.Set().Spec(), Variant: t.variant.String()}
	if data, err := os.ReadFile(path); err == nil {
		var f distributionFile
		if err := json.Unmarshal(data, &f); err == nil && f.Version == want.Version && f.Rules == want.Rules && f.Variant == want.Variant && len(f.Chance) > 0 {
			return &Distribution{Low: f.Low, Chance: f.Chance}, nil
		}
		log.Warn("cached score distribution is unusable: working it out again", "file", path)
	}
	log.Info("working out the score distribution once; later runs read it from the cache", "rules", t.Set().Spec())
	d, err := t.Distribution(ctx)
	if err != nil {
		return nil, err
	}
	want.Low, want.Chance = d.Low, d.Chance
	data, err := json.Marshal(want)
	if err == nil {
		err = writeFileAtomic(path, data)
	}
	if err != nil {
		log.Warn("could not cache the score distribution; it will be worked out again next time", "err", err)
	}
	return d, nil
}

func writeFileAtomic(path string, data []byte) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(filepath.Dir(path), ".strategy-*")
	if err != nil {
		return err
	}
	defer os.Remove(tmp.Name())
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return err
	}
	if err := tmp.Close(); err != nil {
		return err
	}
	return os.Rename(tmp.Name(), path)
}

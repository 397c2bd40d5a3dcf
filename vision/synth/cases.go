package synth

import (
	"image"
	"math/rand/v2"
)

// Shot is one picture of a fixture case.
type Shot struct {
	Scene Scene
	Seed  uint64
}

// Case is a named set of pictures that exercise one thing a reader must
// cope with.
type Case struct {
	Name  string
	About string
	Shots []Shot
}

// Fixtures returns the still-picture cases committed under
// testdata/fixtures, three pictures each. The list is fixed: changing it
// changes the committed files.
func Fixtures() []Case {
	var cases []Case
	add := func(name, about string, build func(i int, p Placer)) {
		c := Case{Name: name, About: about}
		for i := range 3 {
			seed := uint64(len(cases)*100 + i + 1)
			rng := rand.New(rand.NewPCG(seed, 0xf1c5))
			s := Scene{Width: 640, Height: 480, Surface: Felt, Tray: true, Light: Light{Azimuth: rng.Float64() * 360, Shadow: 0.25, Length: 0.3}}
			build(i, Placer{Scene: &s, Rng: rng})
			c.Shots = append(c.Shots, Shot{Scene: s, Seed: seed})
		}
		cases = append(cases, c)
	}
	styles := Styles()
	white := styles[0]
	size := func(p Placer, lo, hi float64) float64 { return lo + p.Rng.Float64()*(hi-lo) }
	value := func(p Placer) int { return 1 + p.Rng.IntN(6) }

	add("colours", "every body colour and material with its contrasting pips", func(i int, p Placer) {
		for k := i; k < len(styles); k += 3 {
			p.Add(styles[k], Pips, value(p), size(p, 42, 56))
		}
		if i == 2 {
			p.Add(styles[0], Pips, value(p), 48)
		}
	})
	add("rotations", "white dice turned to every angle", func(i int, p Placer) {
		for k := range 6 {
			if p.Add(white, Pips, 1+(k+i)%6, 50) {
				p.Scene.Dice[len(p.Scene.Dice)-1].Angle = float64(k*15+i*5) + 0.5
			}
		}
	})
	add("touching", "dice lying against each other in rows", func(i int, p Placer) {
		p.AddTouching(styles[i*3], 2+i, 48)
		p.AddTouching(styles[1+i*3], 2, 48)
		p.Add(white, Pips, value(p), 48)
	})
	add("angled", "a webcam looking down at an angle at a desk; side faces show, only the top counts", func(i int, p Placer) {
		p.Scene.Surface, p.Scene.Tray, p.Scene.Tilt = Desk, false, 32+float64(i)*6
		// A webcam: soft focus, noisy, a little overexposed.
		p.Scene.Light.Shadow, p.Scene.Light.Level, p.Scene.Defocus, p.Scene.Noise = 0.35, 1.06, 0.9, 3
		for range 2 + i {
			p.Add(styles[1-i%2], Pips, value(p), size(p, 55, 75))
		}
	})
	add("shadow", "strong cast shadows from a low light", func(i int, p Placer) {
		p.Scene.Light.Shadow, p.Scene.Light.Length = 0.85, 0.9+0.3*float64(i)
		for range 5 {
			p.Add(styles[p.Rng.IntN(9)], Pips, value(p), size(p, 44, 54))
		}
	})
	add("uneven-light", "one side of the tray much brighter than the other", func(i int, p Placer) {
		p.Scene.Light.Gradient, p.Scene.Light.Level = 0.55+0.1*float64(i), 0.85
		for range 5 {
			p.Add(styles[p.Rng.IntN(9)], Pips, value(p), size(p, 44, 54))
		}
	})
	add("glare", "small specular spots on the dice", func(i int, p Placer) {
		p.Scene.Light.Glare = 5
		for range 5 {
			p.Add(styles[p.Rng.IntN(10)], Pips, value(p), size(p, 46, 56))
		}
	})
	add("blur", "defocus and motion blur", func(i int, p Placer) {
		p.Scene.Defocus = []float64{2, 0, 1.2}[i]
		for range 5 {
			p.Add(styles[p.Rng.IntN(9)], Pips, value(p), size(p, 48, 58))
		}
		if i > 0 {
			for k := range p.Scene.Dice {
				p.Scene.Dice[k].Motion.X, p.Scene.Dice[k].Motion.Y = 4+p.Rng.IntN(4), p.Rng.IntN(5)-2
			}
		}
	})
	add("tiny", "dice about 20 px across, many of them", func(i int, p Placer) {
		for range 8 + 8*i {
			p.Add(styles[p.Rng.IntN(10)], Pips, value(p), size(p, 19, 22))
		}
	})
	add("large", "dice about 250 px across", func(i int, p Placer) {
		p.Scene.Tray = false
		if i == 1 {
			p.Scene.Width, p.Scene.Height = 1280, 720
		}
		// The top face stands closer to the camera than the table: 205 on
		// the table shows as about 250 px.
		for range 1 + i%2 {
			p.Add(styles[p.Rng.IntN(10)], Pips, value(p), size(p, 200, 212))
		}
	})
	for _, n := range []int{4, 6} {
		add([]string{"", "", "", "", "four-dice", "", "six-dice"}[n], "a roll with the wrong number of dice", func(i int, p Placer) {
			for range n {
				p.Add(styles[[]int{0, 4, 2}[i]], Pips, value(p), size(p, 44, 54))
			}
		})
	}
	add("crowd", "up to 25 mixed dice in a tray seen from above, 25-45 px", func(i int, p Placer) {
		// A phone held over the tray: wide lens, side faces show off-centre.
		p.Scene.Width, p.Scene.Height, p.Scene.Focal = 640, 640, 1.1
		for range 15 + 5*i {
			p.Add(styles[p.Rng.IntN(len(styles))], Pips, value(p), size(p, 26, 42))
		}
	})
	add("surfaces", "dice on wood, dark cloth and a light desk", func(i int, p Placer) {
		p.Scene.Surface, p.Scene.Tray = []Surface{Wood, Cloth, Desk}[i], i == 1
		for range 5 {
			p.Add(styles[p.Rng.IntN(10)], Pips, value(p), size(p, 44, 56))
		}
	})
	add("empty", "an empty tray or table", func(i int, p Placer) {
		p.Scene.Surface, p.Scene.Tray = []Surface{Felt, Wood, Cloth}[i], i != 1
	})
	add("poker", "poker dice: 9, 10, J, Q, K, A read as 1 to 6", func(i int, p Placer) {
		// Every label shows, each several times over the three pictures.
		for k := range 5 {
			p.Add(styles[[]int{0, 1, 2}[i]], Poker, 1+(k+i*5)%6, size(p, 50, 60))
		}
	})
	add("logo", "dice whose 1 face shows a logo instead of a pip", func(i int, p Placer) {
		for k := range 5 {
			v := value(p)
			if k < 2 {
				v = 1
			}
			p.Add(styles[[]int{0, 4, 2}[i]], Logo, v, size(p, 48, 58))
		}
	})
	return cases
}

// RandomScene returns a varied scene for bulk training pictures: any
// surface, tilt, light, dice looks, sizes and counts the fixtures cover.
func RandomScene(rng *rand.Rand, width, height int) Scene {
	s := Scene{Width: width, Height: height, Surface: Surface(rng.IntN(4)), Tray: rng.IntN(2) == 0}
	if rng.IntN(3) == 0 {
		s.Tilt = 20 + rng.Float64()*25
	}
	s.Light = Light{Azimuth: rng.Float64() * 360, Shadow: rng.Float64() * 0.8, Length: 0.2 + rng.Float64()*0.8,
		Gradient: rng.Float64() * 0.5 * float64(rng.IntN(2)), Glare: rng.IntN(3), Level: 0.75 + rng.Float64()*0.4}
	if rng.IntN(5) == 0 {
		s.Defocus = rng.Float64() * 2
	}
	s.Focal = 1 + rng.Float64()*2.5
	styles := sceneStyles()
	lo := 18 + rng.Float64()*40
	hi := lo * (1 + rng.Float64()*0.4)
	faces := Pips
	switch rng.IntN(10) {
	case 0:
		faces = Poker
	case 1:
		faces = Logo
	}
	p := Placer{Scene: &s, Rng: rng}
	if s.Tilt == 0 && faces == Pips && rng.IntN(4) == 0 {
		p.AddTouching(styles[rng.IntN(len(styles))], 2+rng.IntN(2), lo)
	}
	for range rng.IntN(min(26, 1+int(float64(width*height)/(hi*hi*12)))) {
		st := styles[rng.IntN(len(styles))]
		p.Add(st, faces, 1+rng.IntN(6), lo+rng.Float64()*(hi-lo))
	}
	if rng.IntN(10) == 0 {
		for i := range s.Dice {
			s.Dice[i].Motion = image.Pt(rng.IntN(9)-4, rng.IntN(9)-4)
		}
	}
	return s
}

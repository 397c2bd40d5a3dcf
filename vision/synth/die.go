package synth

import (
	"image"
	"image/color"
	"math"
	"math/rand/v2"

	"gocv.io/x/gocv"
)

// cubeFace is one face of a die: its corners in the order of the texture's
// top-left, top-right, bottom-right, bottom-left, and its outward normal.
type cubeFace struct {
	corners [4]vec3
	normal  vec3
	value   int
	shade   float64
}

// dieFaces returns the top and side faces of d standing on the table at
// base, with the values a real die would show around its top face.
func dieFaces(d Die, base vec3, light vec3, rng *rand.Rand) (top cubeFace, sides []cubeFace) {
	h := d.Size / 2
	sin, cos := math.Sincos(d.Angle * math.Pi / 180)
	at := func(x, y, z float64) vec3 {
		return vec3{base.X + x*cos - y*sin, base.Y + x*sin + y*cos, d.Lift + z}
	}
	dir := func(x, y float64) vec3 { return vec3{x*cos - y*sin, x*sin + y*cos, 0} }
	s := d.Size
	v := d.Value
	front := pick(rng, v, 0)
	right := pick(rng, v, front)
	topShade := 0.55 + 0.45*light.Z
	shade := func(n vec3) float64 { return (0.55 + 0.45*math.Max(0, n.dot(light))) / topShade }
	top = cubeFace{[4]vec3{at(-h, -h, s), at(h, -h, s), at(h, h, s), at(-h, h, s)}, vec3{0, 0, 1}, v, 1}
	sides = []cubeFace{
		{[4]vec3{at(-h, h, s), at(h, h, s), at(h, h, 0), at(-h, h, 0)}, dir(0, 1), front, 0},
		{[4]vec3{at(h, h, s), at(h, -h, s), at(h, -h, 0), at(h, h, 0)}, dir(1, 0), right, 0},
		{[4]vec3{at(h, -h, s), at(-h, -h, s), at(-h, -h, 0), at(h, -h, 0)}, dir(0, -1), 7 - front, 0},
		{[4]vec3{at(-h, -h, s), at(-h, h, s), at(-h, h, 0), at(-h, -h, 0)}, dir(-1, 0), 7 - right, 0},
	}
	for i := range sides {
		sides[i].shade = 0.85 * shade(sides[i].normal)
	}
	return top, sides
}

// pick returns a value that can sit beside top and is neither other nor
// opposite it.
func pick(rng *rand.Rand, top, other int) int {
	var ok []int
	for v := 1; v <= 6; v++ {
		if v != top && v != 7-top && v != other && (other == 0 || v != 7-other) {
			ok = append(ok, v)
		}
	}
	return ok[rng.IntN(len(ok))]
}

// view is how the camera sees a die: its visible faces, near ones last,
// with their corners in the picture, and the box around them.
type view struct {
	top   cubeFace
	faces []cubeFace
	quads [][4]gocv.Point2f
	hull  image.Rectangle
}

func viewOf(d Die, cam camera, light vec3, rng *rand.Rand) view {
	base := cam.onTable(d.X, d.Y)
	top, sides := dieFaces(d, base, light, rng)
	v := view{top: top}
	for _, f := range sides {
		mid := f.corners[0].add(f.corners[2]).scale(0.5)
		if f.normal.dot(cam.pos.sub(mid)) > 0 {
			v.faces = append(v.faces, f)
		}
	}
	v.faces = append(v.faces, top)
	v.quads = make([][4]gocv.Point2f, len(v.faces))
	for i, f := range v.faces {
		for j, c := range f.corners {
			x, y := cam.project(c)
			v.quads[i][j] = gocv.Point2f{X: float32(x), Y: float32(y)}
			v.hull = v.hull.Union(image.Rect(int(math.Floor(x)), int(math.Floor(y)), int(math.Ceil(x))+1, int(math.Ceil(y))+1))
		}
	}
	return v
}

// dieTruth returns what a reader should see of d in a width×height
// picture; ok is false when the die is wholly out of view.
func dieTruth(d Die, cam camera, width, height int) (DieTruth, bool) {
	v := viewOf(d, cam, vec3{0, 0, 1}, rand.New(rand.NewPCG(0, 0)))
	hull := v.hull
	if d.Paste != nil {
		hull = d.Paste.hull(d, cam)
	}
	box := hull.Intersect(image.Rect(0, 0, width, height))
	if box.Empty() {
		return DieTruth{}, false
	}
	cx, cy := cam.project(v.top.corners[0].add(v.top.corners[2]).scale(0.5))
	var top Quad
	for i, c := range v.quads[len(v.quads)-1] {
		top[i] = [2]float64{float64(c.X), float64(c.Y)}
	}
	return DieTruth{Value: d.Value, Face: d.Faces.Label(d.Value), X: cx, Y: cy, Box: box, Moving: d.Moving, Top: top}, true
}

// drawDie paints d onto img (BGR, continuous) and returns what a reader
// should see of it; ok is false when the die is wholly out of view.
func drawDie(cv canvas, d Die, cam camera, light vec3, glare bool, rng *rand.Rand, id int32) (DieTruth, bool) {
	img := cv.img
	truth, ok := dieTruth(d, cam, img.Cols(), img.Rows())
	if !ok {
		return truth, false
	}
	if d.Paste != nil {
		d.Paste.draw(cv, d, cam, id)
		return truth, true
	}
	v := viewOf(d, cam, light, rng)
	blur := d.Motion
	m := 2 + max(abs(blur.X), abs(blur.Y))
	patch := image.Rect(v.hull.Min.X-m, v.hull.Min.Y-m, v.hull.Max.X+m, v.hull.Max.Y+m).Intersect(image.Rect(0, 0, img.Cols(), img.Rows()))

	w, h := patch.Dx(), patch.Dy()
	col := make([]float32, 3*w*h)
	alpha := make([]float32, w*h)
	outline := silhouette(d, v, patch)
	defer outline.Close()
	op, _ := outline.DataPtrUint8()
	// The body under the faces fills the gaps a rounded top leaves at
	// its corners, as the curved edges of a real die do.
	under := rgbOf(d.Colour)
	for i, a8 := range op {
		a := float32(a8) / 255
		if d.Body.seeThrough() {
			a *= 0.75
		}
		for c := range 3 {
			col[3*i+c] = float32(under[2-c]*0.7) * a
		}
		alpha[i] = a
	}
	for i, f := range v.faces {
		q := v.quads[i]
		edge := math.Hypot(float64(q[1].X-q[0].X), float64(q[1].Y-q[0].Y))
		size := max(24, min(512, int(edge*1.4)))
		// A side seen edge-on shows a sliver of body; pips squeezed into
		// it would only look like noise.
		height := math.Hypot(float64(q[3].X-q[0].X), float64(q[3].Y-q[0].Y))
		if i < len(v.faces)-1 && height < 0.3*edge {
			f.value = 0
		}
		paintFace(col, alpha, patch, d, f, q, size, glare && i == len(v.faces)-1, rng)
	}
	for i, a8 := range op {
		if a := float32(a8) / 255; alpha[i] > a {
			for c := range 3 {
				col[3*i+c] *= a / alpha[i]
			}
			alpha[i] = a
		}
	}
	if blur != (image.Point{}) {
		streak(col, 3, w, h, blur)
		streak(alpha, 1, w, h, blur)
	}
	cv.composite(patch, col, alpha, id)
	return truth, true
}

// silhouette returns the die's outline in the patch as a mask with rounded
// corners; the caller owns it.
func silhouette(d Die, v view, patch image.Rectangle) gocv.Mat {
	var pts []vec3
	for _, q := range v.quads {
		for _, p := range q {
			pts = append(pts, vec3{float64(p.X) - float64(patch.Min.X), float64(p.Y) - float64(patch.Min.Y), 0})
		}
	}
	hull := convexHull(pts)
	poly := make([]image.Point, len(hull))
	for i, p := range hull {
		poly[i] = image.Pt(int(math.Round(p.X*16)), int(math.Round(p.Y*16)))
	}
	mask := gocv.NewMatWithSize(patch.Dy(), patch.Dx(), gocv.MatTypeCV8UC1)
	mask.SetTo(gocv.Scalar{})
	pv := gocv.NewPointsVectorFromPoints([][]image.Point{poly})
	defer pv.Close()
	gocv.FillPolyWithParams(&mask, pv, color.RGBA{255, 255, 255, 255}, gocv.LineAA, 4, image.Point{})
	q := v.quads[len(v.quads)-1]
	round := 0.2
	if d.Round > 0 {
		round = d.Round
	}
	r := int(round * math.Hypot(float64(q[1].X-q[0].X), float64(q[1].Y-q[0].Y)))
	if r >= 2 {
		disc := gocv.GetStructuringElement(gocv.MorphEllipse, image.Pt(2*r+1, 2*r+1))
		defer disc.Close()
		gocv.MorphologyEx(mask, &mask, gocv.MorphOpen, disc)
	}
	return mask
}

// paintFace warps a face texture onto its place in the patch and layers it
// over what the patch holds (premultiplied colour).
func paintFace(col, alpha []float32, patch image.Rectangle, d Die, f cubeFace, quad [4]gocv.Point2f, size int, glare bool, rng *rand.Rand) {
	tex, texAlpha := faceTexture(d, f.value, size, glare, rng)
	defer tex.Close()
	defer texAlpha.Close()
	layer(col, alpha, patch, tex, texAlpha, quad, float32(f.shade))
}

// layer warps a texture (BGR) and its alpha onto quad, the places of its
// top-left, top-right, bottom-right and bottom-left corners in the picture,
// over what the patch holds (premultiplied colour), its colour scaled by
// shade.
func layer(col, alpha []float32, patch image.Rectangle, tex, texAlpha gocv.Mat, quad [4]gocv.Point2f, shade float32) {
	tw, th := float32(tex.Cols()), float32(tex.Rows())
	src := gocv.NewPoint2fVectorFromPoints([]gocv.Point2f{{X: 0, Y: 0}, {X: tw, Y: 0}, {X: tw, Y: th}, {X: 0, Y: th}})
	defer src.Close()
	off := make([]gocv.Point2f, 4)
	for i, p := range quad {
		off[i] = gocv.Point2f{X: p.X - float32(patch.Min.X), Y: p.Y - float32(patch.Min.Y)}
	}
	dst := gocv.NewPoint2fVectorFromPoints(off)
	defer dst.Close()
	mat := gocv.GetPerspectiveTransform2f(src, dst)
	defer mat.Close()

	sz := image.Pt(patch.Dx(), patch.Dy())
	warped, warpedAlpha := gocv.NewMat(), gocv.NewMat()
	defer warped.Close()
	defer warpedAlpha.Close()
	gocv.WarpPerspectiveWithParams(tex, &warped, mat, sz, gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
	gocv.WarpPerspectiveWithParams(texAlpha, &warpedAlpha, mat, sz, gocv.InterpolationLinear, gocv.BorderConstant, color.RGBA{})
	wp, _ := warped.DataPtrUint8()
	ap, _ := warpedAlpha.DataPtrUint8()
	k := shade
	for i, a8 := range ap {
		if a8 == 0 {
			continue
		}
		a := float32(a8) / 255
		for c := range 3 {
			col[3*i+c] = col[3*i+c]*(1-a) + float32(wp[3*i+c])*k*a
		}
		alpha[i] = alpha[i]*(1-a) + a
	}
}

// streak smears a premultiplied layer along v, as a die moving during the
// exposure does.
func streak(buf []float32, ch, w, h int, v image.Point) {
	n := max(abs(v.X), abs(v.Y)) + 1
	out := make([]float32, len(buf))
	for y := range h {
		for x := range w {
			for k := range n {
				t := float64(k)/float64(n-1+boolInt(n == 1)) - 0.5
				sx := x + int(math.Round(t*float64(v.X)))
				sy := y + int(math.Round(t*float64(v.Y)))
				if sx < 0 || sy < 0 || sx >= w || sy >= h {
					continue
				}
				for c := range ch {
					out[ch*(y*w+x)+c] += buf[ch*(sy*w+sx)+c]
				}
			}
		}
	}
	for i := range out {
		buf[i] = out[i] / float32(n)
	}
}

// composite lays a premultiplied layer over the picture inside patch, and
// marks the pixels it mostly covers as id's.
func (cv canvas) composite(patch image.Rectangle, col, alpha []float32, id int32) {
	pix, _ := cv.img.DataPtrUint8()
	cols := cv.img.Cols()
	w := patch.Dx()
	for y := range patch.Dy() {
		for x := range w {
			a := alpha[y*w+x]
			if a <= 0 {
				continue
			}
			p := (patch.Min.Y+y)*cols + patch.Min.X + x
			for c := range 3 {
				pix[3*p+c] = clamp255(float64(float32(pix[3*p+c])*(1-a) + col[3*(y*w+x)+c]))
			}
			if a >= 0.5 && cv.owner != nil {
				cv.owner[p] = id
			}
		}
	}
}

func abs(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}

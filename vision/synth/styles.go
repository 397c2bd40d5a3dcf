package synth

import "image/color"

// Style is a kind of die one can buy: body, pips and material.
type Style struct {
	Name        string
	Colour, Pip color.RGBA
	Vein        color.RGBA
	Body        Body
}

// Dress gives d this style's look.
func (st Style) Dress(d Die) Die {
	d.Colour, d.Pip, d.Vein, d.Body = st.Colour, st.Pip, st.Vein, st.Body
	return d
}

var (
	black  = color.RGBA{22, 22, 24, 255}
	white  = color.RGBA{246, 246, 242, 255}
	red    = color.RGBA{205, 28, 36, 255}
	yellow = color.RGBA{250, 212, 40, 255}
)

// Styles returns the dice looks the fixtures cover, the classic white die first.
func Styles() []Style {
	return []Style{
		{Name: "white", Colour: white, Pip: black},
		{Name: "ivory", Colour: color.RGBA{236, 226, 196, 255}, Pip: black},
		{Name: "black", Colour: color.RGBA{34, 34, 36, 255}, Pip: white},
		{Name: "black-yellow", Colour: color.RGBA{34, 34, 36, 255}, Pip: yellow},
		{Name: "red", Colour: red, Pip: white},
		{Name: "blue", Colour: color.RGBA{32, 70, 190, 255}, Pip: white},
		{Name: "green", Colour: color.RGBA{36, 165, 72, 255}, Pip: white},
		{Name: "yellow", Colour: color.RGBA{246, 214, 44, 255}, Pip: black},
		{Name: "purple", Colour: color.RGBA{108, 48, 150, 255}, Pip: white},
		{Name: "white-red", Colour: white, Pip: red},
		{Name: "translucent-red", Colour: color.RGBA{220, 40, 50, 255}, Pip: white, Body: Translucent},
		{Name: "translucent-blue", Colour: color.RGBA{50, 110, 220, 255}, Pip: white, Body: Translucent},
		{Name: "marbled-blue", Colour: color.RGBA{40, 80, 170, 255}, Vein: color.RGBA{225, 230, 240, 255}, Pip: yellow, Body: Marbled},
		{Name: "marbled-amber", Colour: color.RGBA{150, 95, 30, 255}, Vein: color.RGBA{60, 40, 20, 255}, Pip: black, Body: Marbled},
	}
}

// sceneStyles are the looks random scenes add to the fixtures' Styles:
// smoky dice with red pips, whose bottom face's pips show through, are the
// ones a reader trained on photographs alone misreads most.
func sceneStyles() []Style {
	red := color.RGBA{205, 35, 45, 255}
	return append(Styles(),
		Style{Name: "smoky", Colour: color.RGBA{78, 68, 68, 255}, Pip: red, Body: Smoky},
		Style{Name: "smoky-blue", Colour: color.RGBA{45, 95, 150, 255}, Pip: red, Body: Smoky},
	)
}

// StyleNamed returns the style called name, or the white die.
func StyleNamed(name string) Style {
	for _, st := range Styles() {
		if st.Name == name {
			return st
		}
	}
	return Styles()[0]
}

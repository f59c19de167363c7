package board

// The scenario maps and tables below are copied from the Seafarers board
// contract (BOARDS, version 1.0, §7–§12; see doc.go): for each scenario
// its terrain map, its hex table, its sea list, its fog list where it has
// one, and its harbour table (code quotes removed). They are parsed and
// cross-checked against each other by parseText.

// textBase is BOARDS §7 (base).
const textBase = `
     0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16
A    .     .     ::    ::    ::    ::    ::    .     .
B       .     ::    ~~    ~~    ~~    ~~    ::    .
C    .     ::    ~~    mo10  pa2   fo9   ~~    ::    .
D       ::    ~~    fi12  hi6   pa4   hi10  ~~    ::
E    ::    ~~    fi9   fo11  de    fo3   mo8   ~~    ::
F       ::    ~~    fo8   mo3   fi4   pa5   ~~    ::
G    .     ::    ~~    hi5   fi6   pa11  ~~    ::    .
H       .     ::    ~~    ~~    ~~    ~~    ::    .
I    .     .     ::    ::    ::    ::    ::    .     .

| C6 | mountains | 10 | island |
| C8 | pasture | 2 | island |
| C10 | forest | 9 | island |
| D5 | fields | 12 | island |
| D7 | hills | 6 | island |
| D9 | pasture | 4 | island |
| D11 | hills | 10 | island |
| E4 | fields | 9 | island |
| E6 | forest | 11 | island |
| E8 | desert | — | island |
| E10 | forest | 3 | island |
| E12 | mountains | 8 | island |
| F5 | forest | 8 | island |
| F7 | mountains | 3 | island |
| F9 | fields | 4 | island |
| F11 | pasture | 5 | island |
| G6 | hills | 5 | island |
| G8 | fields | 6 | island |
| G10 | pasture | 11 | island |

18 sea hexes: B5, B7, B9, B11, C4, C12, D3, D13, E2, E14, F3, F13, G4, G12, H5, H7, H9, H11.

| H1 | B5-C6 | C6 | B5.s, C6.n | 3:1 |
| H2 | B9-C8 | C8 | B9.s, C8.n | wool 2:1 |
| H3 | C12-D11 | D11 | C12.s, D11.n | 3:1 |
| H4 | E12-E14 | E12 | D13.s, F13.n | 3:1 |
| H5 | F11-G12 | F11 | F11.s, G12.n | brick 2:1 |
| H6 | G8-H9 | G8 | G8.s, H9.n | lumber 2:1 |
| H7 | G6-H5 | G6 | G6.s, H5.n | 3:1 |
| H8 | F3-F5 | F5 | E4.s, G4.n | grain 2:1 |
| H9 | D3-D5 | D5 | C4.s, E4.n | ore 2:1 |
`

// textNewShores is BOARDS §8 (new-shores).
const textNewShores = `
     0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16 17
A    .     .     ::    ::    ::    ::    ::    ::    .
B       .     ::    mo5   go3   ~~    fi9   ~~    ::    .
C    .     ::    ~~    ~~    ~~    ~~    hi4   pa10  ::
D       ::    ~~    mo10  pa2   fo9   ~~    go11  ~~    ::
E    .     ::    fi12  hi6   pa4   hi10  ~~    ~~    ::
F       ::    fi9   fo11  de    fo3   mo8   ~~    ~~    ::
G    .     ::    fo8   mo3   fi4   pa5   ~~    mo8   ::
H       .     ::    hi5   fi6   pa11  ~~    fo2   ::    .
I    .     .     ::    ::    ::    ::    ::    ::    .

| B5 | mountains | 5 | northwest |
| B7 | gold | 3 | northwest |
| B11 | fields | 9 | northeast |
| C12 | hills | 4 | northeast |
| C14 | pasture | 10 | northeast |
| D5 | mountains | 10 | main |
| D7 | pasture | 2 | main |
| D9 | forest | 9 | main |
| D13 | gold | 11 | northeast |
| E4 | fields | 12 | main |
| E6 | hills | 6 | main |
| E8 | pasture | 4 | main |
| E10 | hills | 10 | main |
| F3 | fields | 9 | main |
| F5 | forest | 11 | main |
| F7 | desert | — | main |
| F9 | forest | 3 | main |
| F11 | mountains | 8 | main |
| G4 | forest | 8 | main |
| G6 | mountains | 3 | main |
| G8 | fields | 4 | main |
| G10 | pasture | 5 | main |
| G14 | mountains | 8 | southeast |
| H5 | hills | 5 | main |
| H7 | fields | 6 | main |
| H9 | pasture | 11 | main |
| H13 | forest | 2 | southeast |

15 sea hexes: B9, B13, C4, C6, C8, C10, D3, D11, D15, E12, E14, F13, F15, G12, H11.

| H1 | C4-D5 | D5 | C4.s, D5.n | 3:1 |
| H2 | C8-D7 | D7 | C8.s, D7.n | wool 2:1 |
| H3 | D11-E10 | E10 | D11.s, E10.n | 3:1 |
| H4 | F11-F13 | F11 | E12.s, G12.n | 3:1 |
| H5 | G10-H11 | G10 | G10.s, H11.n | brick 2:1 |
| H6 | H7-I8 | H7 | H7.s, I8.n | lumber 2:1 |
| H7 | H5-I4 | H5 | H5.s, I4.n | 3:1 |
| H8 | G2-G4 | G4 | F3.s, H3.n | grain 2:1 |
| H9 | E2-E4 | E4 | D3.s, F3.n | ore 2:1 |
`

// textFourIslands is BOARDS §9 (four-islands).
const textFourIslands = `
     0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16 17
A    .     .     ::    ::    ::    ::    ::    ::    .
B       .     ::    pa9   ~~    fo9   mo5   ~~    ::    .
C    .     ::    fo4   ~~    fi10  hi6   pa3   ~~    ::
D       ::    hi12  fi6   ~~    de    mo2   ~~    ~~    ::
E    .     ::    ~~    ~~    fi11  ~~    ~~    ~~    ::
F       ::    hi5   de    ~~    ~~    hi10  mo8   ~~    ::
G    .     ::    pa10  fo11  mo8   ~~    pa9   ~~    ::
H       .     ::    fi3   pa4   ~~    fo4   ~~    ::    .
I    .     .     ::    ::    ::    ::    ::    ::    .

| B5 | pasture | 9 | northwest |
| B9 | forest | 9 | northeast |
| B11 | mountains | 5 | northeast |
| C4 | forest | 4 | northwest |
| C8 | fields | 10 | northeast |
| C10 | hills | 6 | northeast |
| C12 | pasture | 3 | northeast |
| D3 | hills | 12 | northwest |
| D5 | fields | 6 | northwest |
| D9 | desert | — | northeast |
| D11 | mountains | 2 | northeast |
| E8 | fields | 11 | northeast |
| F3 | hills | 5 | southwest |
| F5 | desert | — | southwest |
| F11 | hills | 10 | southeast |
| F13 | mountains | 8 | southeast |
| G4 | pasture | 10 | southwest |
| G6 | forest | 11 | southwest |
| G8 | mountains | 8 | southwest |
| G12 | pasture | 9 | southeast |
| H5 | fields | 3 | southwest |
| H7 | pasture | 4 | southwest |
| H11 | forest | 4 | southeast |

19 sea hexes: B7, B13, C6, C14, D7, D13, D15, E4, E6, E10, E12, E14, F7, F9, F15, G10, G14, H9, H13.

| H1 | C2-C4 | C4 | B3.s, D3.n | grain 2:1 |
| H2 | D3-E4 | D3 | D3.s, E4.n | 3:1 |
| H3 | F3-G2 | F3 | F3.s, G2.n | brick 2:1 |
| H4 | F7-G6 | G6 | F7.s, G6.n | 3:1 |
| H5 | H3-H5 | H5 | G4.s, I4.n | wool 2:1 |
| H6 | D7-E8 | E8 | D7.s, E8.n | 3:1 |
| H7 | C12-D13 | C12 | C12.s, D13.n | lumber 2:1 |
| H8 | E12-F13 | F13 | E12.s, F13.n | ore 2:1 |
| H9 | F13-G14 | F13 | F13.s, G14.n | 3:1 |
| H10 | A10-B9 | B9 | A10.s, B9.n | 3:1 |
`

// textFogIsland is BOARDS §10 (fog-island).
const textFogIsland = `
     0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16 17
A    .     .     ::    ::    ::    ::    ::    ::    .
B       .     ::    hi5   pa8   ~~    ??    ??    ::    .
C    .     ::    mo4   fi12  ~~    ??    go3   ??    ::
D       ::    hi9   fo3   pa6   ~~    ??    ??    ??    ::
E    .     ::    pa6   mo4   ~~    ??    ??    ??    ::
F       ::    fo10  fi9   fo8   ~~    ??    ??    ??    ::
G    .     ::    hi2   mo10  ~~    ??    go11  ??    ::
H       .     ::    fi11  ~~    ??    ??    ??    ::    .
I    .     .     ::    ::    ::    ::    ::    ::    .

| B5 | hills | 5 | main |
| B7 | pasture | 8 | main |
| C4 | mountains | 4 | main |
| C6 | fields | 12 | main |
| C12 | gold | 3 | gold-north |
| D3 | hills | 9 | main |
| D5 | forest | 3 | main |
| D7 | pasture | 6 | main |
| E4 | pasture | 6 | main |
| E6 | mountains | 4 | main |
| F3 | forest | 10 | main |
| F5 | fields | 9 | main |
| F7 | forest | 8 | main |
| G4 | hills | 2 | main |
| G6 | mountains | 10 | main |
| G12 | gold | 11 | gold-south |
| H5 | fields | 11 | main |

Face-up sea (the channel), 7: B9, C8, D9, E8, F9, G8, H7.

Fog positions, 18: B11, B13, C10, C14, D11, D13, D15, E10, E12, E14, F11, F13, F15, G10,
G14, H9, H11, H13.

| H1 | D1-D3 | D3 | C2.s, E2.n | 3:1 |
| H2 | B3-B5 | B5 | A4.s, C4.n | ore 2:1 |
| H3 | A6-B7 | B7 | A6.s, B7.n | 3:1 |
| H4 | C6-C8 | C6 | B7.s, D7.n | grain 2:1 |
| H5 | E6-E8 | E6 | D7.s, F7.n | 3:1 |
| H6 | F7-G8 | F7 | F7.s, G8.n | wool 2:1 |
| H7 | H5-H7 | H5 | G6.s, I6.n | brick 2:1 |
| H8 | G4-H3 | G4 | G4.s, H3.n | 3:1 |
| H9 | E2-F3 | F3 | E2.s, F3.n | lumber 2:1 |
`

// textThroughTheDesert is BOARDS §11 (through-the-desert).
const textThroughTheDesert = `
     0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16 17
A    .     .     ::    ::    ::    ::    ::    ::    .
B       .     ::    go4   ~~    ~~    ~~    ~~    ::    .
C    .     ::    mo8   ~~    fo6   fi11  pa9   ~~    ::
D       ::    pa10  ~~    hi3   mo10  fo4   hi6   ~~    ::
E    .     ::    ~~    pa8   hi9   fi2   fo11  mo3   ::
F       ::    fi9   ~~    hi12  fi4   de    de    ~~    ::
G    .     ::    pa5   ~~    pa6   de    mo5   hi8   ::
H       .     ::    ~~    fo5   ~~    fo10  go11  ::    .
I    .     .     ::    ::    ::    ::    ::    ::    .

| B5 | gold | 4 | west |
| C4 | mountains | 8 | west |
| C8 | forest | 6 | main |
| C10 | fields | 11 | main |
| C12 | pasture | 9 | main |
| D3 | pasture | 10 | west |
| D7 | hills | 3 | main |
| D9 | mountains | 10 | main |
| D11 | forest | 4 | main |
| D13 | hills | 6 | main |
| E6 | pasture | 8 | main |
| E8 | hills | 9 | main |
| E10 | fields | 2 | main |
| E12 | forest | 11 | main |
| E14 | mountains | 3 | main |
| F3 | fields | 9 | southwest |
| F7 | hills | 12 | main |
| F9 | fields | 4 | main |
| F11 | desert | — | desert |
| F13 | desert | — | desert |
| G4 | pasture | 5 | southwest |
| G8 | pasture | 6 | main |
| G10 | desert | — | desert |
| G12 | mountains | 5 | strip |
| G14 | hills | 8 | strip |
| H7 | forest | 5 | main |
| H11 | forest | 10 | strip |
| H13 | gold | 11 | strip |

14 sea hexes: B7, B9, B11, B13, C6, C14, D5, D15, E4, F5, F15, G6, H5, H9.

| H1 | D5-D7 | D7 | C6.s, E6.n | 3:1 |
| H2 | B7-C8 | C8 | B7.s, C8.n | lumber 2:1 |
| H3 | B11-C10 | C10 | B11.s, C10.n | 3:1 |
| H4 | C12-C14 | C12 | B13.s, D13.n | ore 2:1 |
| H5 | D15-E14 | E14 | D15.s, E14.n | wool 2:1 |
| H6 | G8-H9 | G8 | G8.s, H9.n | 3:1 |
| H7 | H7-I6 | H7 | H7.s, I6.n | grain 2:1 |
| H8 | G6-G8 | G8 | F7.s, H7.n | 3:1 |
| H9 | E6-F5 | E6 | E6.s, F5.n | brick 2:1 |
`

// textForgottenTribe is BOARDS §12.1 (forgotten-tribe).
const textForgottenTribe = `
     0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16 17 18 19
A    .     .     ::    ::    ::    ::    ::    ::    ::    .
B       .     ::    go    mo    ~~    de    mo    fi    ::    .
C    .     ::    ~~    ~~    ~~    ~~    ~~    ~~    ~~    ::
D       ::    pa4   fo6   fi9   mo10  hi5   fi12  ~~    pa    ::
E    .     ::    hi9   mo3   pa8   fo11  fi4   pa2   ~~    ::
F       ::    fo8   pa5   hi10  mo3   fo6   fi11  ~~    fo    ::
G    .     ::    ~~    ~~    ~~    ~~    ~~    ~~    ~~    ::
H       .     ::    de    hi    ~~    hi    de    go    ::    .
I    .     .     ::    ::    ::    ::    ::    ::    ::    .

| B5 | gold | — | tribe-1 |
| B7 | mountains | — | tribe-1 |
| B11 | desert | — | tribe-2 |
| B13 | mountains | — | tribe-2 |
| B15 | fields | — | tribe-2 |
| D3 | pasture | 4 | main |
| D5 | forest | 6 | main |
| D7 | fields | 9 | main |
| D9 | mountains | 10 | main |
| D11 | hills | 5 | main |
| D13 | fields | 12 | main |
| D17 | pasture | — | tribe-3 |
| E4 | hills | 9 | main |
| E6 | mountains | 3 | main |
| E8 | pasture | 8 | main |
| E10 | forest | 11 | main |
| E12 | fields | 4 | main |
| E14 | pasture | 2 | main |
| F3 | forest | 8 | main |
| F5 | pasture | 5 | main |
| F7 | hills | 10 | main |
| F9 | mountains | 3 | main |
| F11 | forest | 6 | main |
| F13 | fields | 11 | main |
| F17 | forest | — | tribe-4 |
| H5 | desert | — | tribe-6 |
| H7 | hills | — | tribe-6 |
| H11 | hills | — | tribe-5 |
| H13 | desert | — | tribe-5 |
| H15 | gold | — | tribe-5 |

19 sea hexes: B9, C4, C6, C8, C10, C12, C14, C16, D15, E16, F15, G4, G6, G8, G10, G12, G14, G16, H9.

| H1 | A4-B5 | B5 | A4.s, B5.n | brick 2:1 |
| H2 | A10-B11 | B11 | A10.s, B11.n | ore 2:1 |
| H3 | C18-D17 | D17 | C18.s, D17.n | wool 2:1 |
| H4 | F17-G18 | F17 | F17.s, G18.n | grain 2:1 |
| H5 | H11-I12 | H11 | H11.s, I12.n | lumber 2:1 |
| H6 | H5-I4 | H5 | H5.s, I4.n | 3:1 |
`

// textClothForCatan is BOARDS §12.2 (cloth-for-catan).
const textClothForCatan = `
     0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16 17
A    .     .     ::    ::    ::    ::    ::    ::    .
B       .     ::    fo8   fi4   mo10  pa3   hi6   ::    .
C    .     ::    hi11  pa5   ~~    ~~    fo9   mo2   ::
D       ::    fi12  ~~    ~~    de    ~~    ~~    ~~    ::
E    .     ::    ~~    go    ~~    ~~    go    ~~    ::
F       ::    ~~    ~~    ~~    de    ~~    ~~    fi2   ::
G    .     ::    mo12  fo9   ~~    ~~    pa5   hi11  ::
H       .     ::    fi6   pa3   mo10  fi4   fo8   ::    .
I    .     .     ::    ::    ::    ::    ::    ::    .

| B5 | forest | 8 | north |
| B7 | fields | 4 | north |
| B9 | mountains | 10 | north |
| B11 | pasture | 3 | north |
| B13 | hills | 6 | north |
| C4 | hills | 11 | north |
| C6 | pasture | 5 | north |
| C12 | forest | 9 | north |
| C14 | mountains | 2 | north |
| D3 | fields | 12 | north |
| D9 | desert | — | tribe-north |
| E6 | gold | — | tribe-west |
| E12 | gold | — | tribe-east |
| F9 | desert | — | tribe-south |
| F15 | fields | 2 | south |
| G4 | mountains | 12 | south |
| G6 | forest | 9 | south |
| G12 | pasture | 5 | south |
| G14 | hills | 11 | south |
| H5 | fields | 6 | south |
| H7 | pasture | 3 | south |
| H9 | mountains | 10 | south |
| H11 | fields | 4 | south |
| H13 | forest | 8 | south |

18 sea hexes: C8, C10, D5, D7, D11, D13, D15, E4, E8, E10, E14, F3, F5, F7, F11, F13, G8, G10.

| H1 | C2-C4 | C4 | B3.s, D3.n | brick 2:1 |
| H2 | A6-B5 | B5 | A6.s, B5.n | ore 2:1 |
| H3 | A10-B11 | B11 | A10.s, B11.n | wool 2:1 |
| H4 | C14-C16 | C14 | B15.s, D15.n | grain 2:1 |
| H5 | G2-G4 | G4 | F3.s, H3.n | lumber 2:1 |
| H6 | H7-I6 | H7 | H7.s, I6.n | 3:1 |
| H7 | H11-I12 | H11 | H11.s, I12.n | 3:1 |
| H8 | G14-H15 | G14 | G14.s, H15.n | 3:1 |
| H9 | F15-F17 | F15 | E16.s, G16.n | 3:1 |
`

// textPirateIslands is BOARDS §12.3 (pirate-islands).
const textPirateIslands = `
     0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16 17 18 19
A    .     .     ::    ::    ::    ::    ::    ::    ::    .
B       .     ::    go11  mo6   ~~    ~~    fi4   hi5   ::    .
C    .     ::    hi    ~~    ~~    de    ~~    mo9   fo10  ::
D       ::    fi4   ~~    ~~    de    ~~    fo3   pa8   fo5   ::
E    .     ::    ~~    mo8   ~~    ~~    fi6   hi9   pa12  ::
F       ::    fi10  ~~    ~~    de    ~~    pa11  fo8   pa9   ::
G    .     ::    hi    ~~    ~~    pa    ~~    mo5   fo2   ::
H       .     ::    go3   mo6   ~~    ~~    fi10  hi4   ::    .
I    .     .     ::    ::    ::    ::    ::    ::    ::    .

| B5 | gold | 11 | pirate-northwest |
| B7 | mountains | 6 | pirate-northwest |
| B13 | fields | 4 | east |
| B15 | hills | 5 | east |
| C4 | hills | — | pirate-northwest |
| C10 | desert | — | desert-north |
| C14 | mountains | 9 | east |
| C16 | forest | 10 | east |
| D3 | fields | 4 | pirate-northwest |
| D9 | desert | — | desert-north |
| D13 | forest | 3 | east |
| D15 | pasture | 8 | east |
| D17 | forest | 5 | east |
| E6 | mountains | 8 | pirate-west |
| E12 | fields | 6 | east |
| E14 | hills | 9 | east |
| E16 | pasture | 12 | east |
| F3 | fields | 10 | pirate-southwest |
| F9 | desert | — | desert-south |
| F13 | pasture | 11 | east |
| F15 | forest | 8 | east |
| F17 | pasture | 9 | east |
| G4 | hills | — | pirate-southwest |
| G10 | pasture | — | desert-south |
| G14 | mountains | 5 | east |
| G16 | forest | 2 | east |
| H5 | gold | 3 | pirate-southwest |
| H7 | mountains | 6 | pirate-southwest |
| H13 | fields | 10 | east |
| H15 | hills | 4 | east |

19 sea hexes: B9, B11, C6, C8, C12, D5, D7, D11, E4, E8, E10, F5, F7, F11, G6, G8, G12, H9, H11.

| H1 | A12-B13 | B13 | A12.s, B13.n | 3:1 |
| H2 | A14-B15 | B15 | A14.s, B15.n | 3:1 |
| H3 | B15-B17 | B15 | A16.s, C16.n | 3:1 |
| H4 | C16-C18 | C16 | B17.s, D17.n | brick 2:1 |
| H5 | E16-E18 | E16 | D17.s, F17.n | ore 2:1 |
| H6 | F17-G18 | F17 | F17.s, G18.n | wool 2:1 |
| H7 | G16-H17 | G16 | G16.s, H17.n | grain 2:1 |
| H8 | H13-I14 | H13 | H13.s, I14.n | lumber 2:1 |
`

// textWondersOfCatan is BOARDS §12.4 (wonders-of-catan).
const textWondersOfCatan = `
     0  1  2  3  4  5  6  7  8  9  10 11 12 13 14 15 16 17 18 19
A    .     .     ::    ::    ::    ::    ::    ::    ::    .
B       .     ::    fi5   ~~    fo10  mo12  ~~    pa10  ::    .
C    .     ::    fo4   ~~    mo3   pa9   ~~    fi8   ~~    ::
D       ::    go6   ~~    ~~    fo6   ~~    ~~    fo5   fi11  ::
E    .     ::    ~~    de    hi4   pa10  mo8   hi11  fo3   ::
F       ::    ~~    de    mo3   fi6   hi9   pa5   fi9   hi11  ::
G    .     ::    ~~    de    ~~    mo2   ~~    ~~    ~~    ::
H       .     ::    ~~    ~~    pa4   ~~    hi2   go8   ::    .
I    .     .     ::    ::    ::    ::    ::    ::    ::    .

| B5 | fields | 5 | west |
| B9 | forest | 10 | main |
| B11 | mountains | 12 | main |
| B15 | pasture | 10 | main |
| C4 | forest | 4 | west |
| C8 | mountains | 3 | main |
| C10 | pasture | 9 | main |
| C14 | fields | 8 | main |
| D3 | gold | 6 | west |
| D9 | forest | 6 | main |
| D15 | forest | 5 | main |
| D17 | fields | 11 | main |
| E6 | desert | — | main |
| E8 | hills | 4 | main |
| E10 | pasture | 10 | main |
| E12 | mountains | 8 | main |
| E14 | hills | 11 | main |
| E16 | forest | 3 | main |
| F5 | desert | — | main |
| F7 | mountains | 3 | main |
| F9 | fields | 6 | main |
| F11 | hills | 9 | main |
| F13 | pasture | 5 | main |
| F15 | fields | 9 | main |
| F17 | hills | 11 | main |
| G6 | desert | — | main |
| G10 | mountains | 2 | main |
| H9 | pasture | 4 | main |
| H13 | hills | 2 | southeast |
| H15 | gold | 8 | southeast |

19 sea hexes: B7, B13, C6, C12, C16, D5, D7, D11, D13, E4, F3, G4, G8, G12, G14, G16, H5, H7, H11.

| H1 | A10-B11 | B11 | A10.s, B11.n | brick 2:1 |
| H2 | B7-C8 | C8 | B7.s, C8.n | ore 2:1 |
| H3 | C14-C16 | C14 | B15.s, D15.n | wool 2:1 |
| H4 | C8-D7 | C8 | C8.s, D7.n | grain 2:1 |
| H5 | D13-E14 | E14 | D13.s, E14.n | lumber 2:1 |
| H6 | E16-E18 | E16 | D17.s, F17.n | 3:1 |
| H7 | F9-G8 | F9 | F9.s, G8.n | 3:1 |
| H8 | F11-G12 | F11 | F11.s, G12.n | 3:1 |
| H9 | F15-G16 | F15 | F15.s, G16.n | 3:1 |
`

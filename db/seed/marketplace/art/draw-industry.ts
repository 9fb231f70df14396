import { box, circle, ellipse, group, line, type Parts, path, polygon, rect, sheen } from './shapes'
import { n } from './svg-kit'

// Drawers of lighting, electrical goods, electronics, machines, tools, metals and building and vehicle parts.

const glow = (parts: Parts, cx: number, cy: number, r: number, colour = '#fde68a') =>
  circle(cx, cy, r, parts.defs.radial([colour, colour], 0.5, 0.5, [0.75, 0]))

export function bulb(parts: Parts): string {
  const { paint, metal, defs, variant } = parts
  const smart = paint.base !== metal.base
  const glass = smart ? defs.radial(['#ffffff', paint.light, paint.base], 0.4, 0.35) : defs.radial(['#fffbeb', '#fde68a', '#f59e0b'], 0.45, 0.4)
  const filament = [0, 1, 2].map((index) =>
    path(`M${270 + index * 15} 330 L${262 + index * 18} 230 L${278 + index * 15} 190`, 'none', { stroke: '#f97316', strokeWidth: 3, opacity: smart ? 0 : 0.9 }),
  )
  const threads = [0, 1, 2, 3].map((index) => rect(252, 378 + index * 16, 96, 10, metal.dark, { rx: 5 }))
  const shape =
    variant % 3 === 2
      ? 'M300 120 C380 120 420 200 380 280 C360 320 350 340 350 368 L250 368 C250 340 240 320 220 280 C180 200 220 120 300 120 Z'
      : 'M300 110 C400 110 430 220 380 290 C360 320 350 340 350 368 L250 368 C250 340 240 320 220 290 C170 220 200 110 300 110 Z'
  return group([
    glow(parts, 300, 230, 210, smart ? paint.light : '#fde68a'),
    path(shape, glass, { stroke: smart ? paint.dark : '#d97706', strokeWidth: 3, opacity: 0.95 }),
    ...filament,
    rect(245, 362, 110, 22, defs.cylinder(metal), { rx: 6 }),
    ...threads,
    rect(258, 380, 84, 60, defs.cylinder(metal), { opacity: 0.7 }),
    path('M275 440 L325 440 L310 462 L290 462 Z', '#1f2937'),
    ellipse(255, 200, 18, 40, '#ffffff', { opacity: 0.5 }),
  ])
}

export function carBulb(parts: Parts): string {
  const { metal, defs } = parts
  const fins = [0, 1, 2, 3, 4, 5].map((index) => rect(245, 318 + index * 22, 110, 12, metal.dark, { rx: 4 }))
  return group([
    glow(parts, 300, 200, 170, '#e0f2fe'),
    rect(282, 110, 36, 190, defs.cylinder(metal), { rx: 10 }),
    rect(286, 140, 10, 26, '#fde047'),
    rect(286, 190, 10, 26, '#fde047'),
    rect(286, 240, 10, 26, '#fde047'),
    ellipse(300, 300, 70, 16, metal.dark),
    ...fins,
    line(300, 450, 300, 470, '#1f2937', 12),
  ])
}

export function floodlight(parts: Parts): string {
  const { paint, metal, defs } = parts
  const leds = Array.from({ length: 15 }, (_unused, index) => circle(210 + (index % 5) * 45, 230 + Math.floor(index / 5) * 45, 9, '#fef9c3'))
  return group([
    path('M170 360 L90 470 L510 470 L430 360 Z', defs.linear(['#fde68a', '#fde68a'], 'down'), { opacity: 0.25 }),
    path('M210 380 L210 440 L390 440 L390 380', 'none', { stroke: metal.dark, strokeWidth: 16, strokeLinejoin: 'round' }),
    rect(160, 150, 280, 40, paint.dark, { rx: 10 }),
    ...[0, 1, 2, 3, 4, 5, 6, 7].map((index) => line(180 + index * 34, 152, 180 + index * 34, 188, paint.deep, 4)),
    rect(150, 180, 300, 210, defs.linear([paint.light, paint.base, paint.dark], 'down'), { rx: 22, stroke: paint.deep, strokeWidth: 3 }),
    rect(180, 205, 240, 160, defs.radial(['#ffffff', '#fef3c7', '#fcd34d'], 0.5, 0.5), { rx: 10 }),
    ...leds,
  ])
}

export function solarLight(parts: Parts): string {
  const { paint, metal, defs, variant } = parts
  const one = (x: number, scale: number) => {
    const t = `translate(${n(x)} ${n(470 - 470 * scale)}) scale(${n(scale)})`
    return group(
      [
        rect(-8, 300, 16, 140, metal.dark),
        path('M-8 440 L8 440 L0 470 Z', metal.dark),
        glow(parts, 0, 250, 110),
        rect(-55, 200, 110, 100, defs.radial(['#ffffff', '#fde68a'], 0.5, 0.5), { rx: 8, stroke: paint.deep, strokeWidth: 3, opacity: 0.95 }),
        polygon(
          [
            [-75, 200],
            [75, 200],
            [50, 160],
            [-50, 160],
          ],
          paint.base,
          { stroke: paint.deep, strokeWidth: 3 },
        ),
        polygon(
          [
            [-45, 166],
            [45, 166],
            [60, 190],
            [-60, 190],
          ],
          '#1e3a8a',
        ),
        line(0, 166, 0, 190, '#60a5fa', 2),
        rect(-60, 296, 120, 14, paint.base, { rx: 4 }),
      ],
      { transform: t },
    )
  }
  return variant % 2 === 0
    ? group([`<g transform="translate(300 0)">${one(0, 1)}</g>`])
    : group([one(190, 0.8), one(410, 0.8), `<g transform="translate(300 0)">${one(0, 1)}</g>`])
}

export function panelLight(parts: Parts): string {
  const { metal, defs, variant } = parts
  const long = variant % 2 === 1
  type Point = [number, number]
  const [a, b, c, d]: [Point, Point, Point, Point] = long
    ? [
        [90, 300],
        [390, 180],
        [510, 230],
        [210, 350],
      ]
    : [
        [120, 280],
        [330, 170],
        [480, 260],
        [270, 370],
      ]
  const inset = (point: Point, towards: Point): Point => [point[0] + (towards[0] - point[0]) * 0.07, point[1] + (towards[1] - point[1]) * 0.07]
  return group([
    glow(parts, 300, 330, 220, '#e0f2fe'),
    polygon([a, d, [d[0], d[1] + 16], [a[0], a[1] + 16]], metal.dark),
    polygon([d, c, [c[0], c[1] + 16], [d[0], d[1] + 16]], metal.base),
    polygon([a, b, c, d], metal.light, { stroke: metal.deep, strokeWidth: 2 }),
    polygon([inset(a, c), inset(b, d), inset(c, a), inset(d, b)], defs.radial(['#ffffff', '#f0f9ff', '#bae6fd'], 0.5, 0.5)),
  ])
}

export function spool(parts: Parts): string {
  const { paint, accent, defs, variant } = parts
  const spacing = variant % 2 === 0 ? 12 : 8
  const turns = Array.from({ length: Math.floor(200 / spacing) }, (_unused, index) =>
    line(205 + index * spacing, 190, 205 + index * spacing, 410, paint.dark, 3, { opacity: 0.6 }),
  )
  return group([
    ellipse(190, 300, 44, 150, accent.dark, { stroke: accent.deep, strokeWidth: 2 }),
    rect(190, 182, 220, 236, defs.linear([paint.dark, paint.light, paint.highlight, paint.base, paint.dark], 'down')),
    ...turns,
    path('M400 200 C470 160 500 220 520 180', 'none', { stroke: paint.base, strokeWidth: 12, strokeLinecap: 'round' }),
    ellipse(410, 300, 44, 150, defs.radial([accent.light, accent.base, accent.dark], 0.4, 0.4), { stroke: accent.deep, strokeWidth: 2 }),
    ellipse(410, 300, 14, 40, accent.deep),
  ])
}

export function hose(parts: Parts): string {
  const { paint, metal } = parts
  const coils = Array.from({ length: 6 }, (_unused, index) =>
    group([
      ellipse(290, 300 + index * 16, 170, 78, 'none', { stroke: paint.deep, strokeWidth: 26 }),
      ellipse(290, 300 + index * 16, 170, 78, 'none', { stroke: paint.base, strokeWidth: 20 }),
      ellipse(290, 296 + index * 16, 170, 78, 'none', { stroke: paint.highlight, strokeWidth: 4, opacity: 0.5 }),
    ]),
  )
  return group([
    ...coils,
    path('M440 360 L500 330 L520 350 L470 390 Z', metal.base, { stroke: metal.deep, strokeWidth: 2 }),
    rect(500, 300, 24, 50, '#1f2937', { rx: 8 }),
  ])
}

export function usbCable(parts: Parts): string {
  const { paint, metal } = parts
  const route = 'M150 160 C150 320 450 220 450 380 C450 440 330 460 250 420'
  const plug = (x: number, y: number, angle: number) =>
    group(
      [
        rect(-22, -46, 44, 64, paint.dark, { rx: 12 }),
        rect(-14, -76, 28, 34, metal.base, { rx: 4, stroke: metal.deep, strokeWidth: 2 }),
        rect(-8, -70, 16, 6, metal.deep),
      ],
      { transform: `translate(${x} ${y}) rotate(${angle})` },
    )
  return group([
    path(route, 'none', { stroke: paint.deep, strokeWidth: 20, strokeLinecap: 'round' }),
    path(route, 'none', { stroke: paint.base, strokeWidth: 14, strokeLinecap: 'round' }),
    path(route, 'none', { stroke: paint.highlight, strokeWidth: 3, opacity: 0.6 }),
    plug(150, 150, 0),
    plug(240, 418, -110),
  ])
}

export function wallPlate(kind: 'socket' | 'switch') {
  return (parts: Parts): string => {
    const { paint, defs, variant } = parts
    const face = defs.linear([paint.highlight, paint.light, paint.base], 'diagonal')
    const plate = group([
      rect(182, 162, 260, 260, '#000000', { rx: 28, opacity: 0.15 }),
      rect(170, 150, 260, 260, face, { rx: 28, stroke: paint.deep, strokeWidth: 3 }),
    ])
    if (kind === 'switch') {
      const gangs = (variant % 3) + 1
      const width = 190 / gangs
      return group([
        plate,
        ...Array.from({ length: gangs }, (_unused, index) => {
          const x = 205 + index * width
          return group([
            rect(x + 4, 190, width - 8, 180, paint.light, { rx: 10, stroke: paint.dark, strokeWidth: 2 }),
            rect(x + 4, 190, width - 8, 90, paint.highlight, { rx: 10, opacity: 0.8 }),
            circle(x + width / 2, 350, 4, '#38bdf8'),
          ])
        }),
      ])
    }
    const holes =
      variant % 3 === 0
        ? [rect(285, 200, 30, 48, paint.deep, { rx: 4 }), rect(226, 300, 48, 28, paint.deep, { rx: 4 }), rect(326, 300, 48, 28, paint.deep, { rx: 4 })]
        : variant % 3 === 1
          ? [
              circle(300, 280, 78, paint.dark, { opacity: 0.35 }),
              circle(268, 280, 12, paint.deep),
              circle(332, 280, 12, paint.deep),
              rect(292, 204, 16, 20, '#94a3b8'),
              rect(292, 336, 16, 20, '#94a3b8'),
            ]
          : [
              circle(264, 240, 12, paint.deep),
              circle(336, 240, 12, paint.deep),
              rect(240, 320, 44, 16, paint.deep, { rx: 3 }),
              rect(316, 320, 44, 16, paint.deep, { rx: 3 }),
            ]
    return group([plate, ...holes])
  }
}

export function smartPlug(parts: Parts): string {
  const { paint, defs } = parts
  return group([
    box(parts, 190, 210, 200, 220, 90),
    circle(290, 320, 70, paint.light, { stroke: paint.dark, strokeWidth: 3 }),
    circle(262, 320, 11, paint.deep),
    circle(318, 320, 11, paint.deep),
    circle(290, 250, 10, defs.radial(['#ffffff', '#38bdf8'], 0.5, 0.5)),
  ])
}

export function powerSupply(parts: Parts): string {
  const { metal, accent, defs } = parts
  const perforation = defs.pattern(14, circle(7, 7, 3, metal.deep))
  const terminals = Array.from({ length: 7 }, (_unused, index) =>
    group([rect(168 + index * 30, 392, 24, 30, '#1f2937', { rx: 3 }), circle(180 + index * 30, 404, 7, metal.light)]),
  )
  return group([
    box(parts, 160, 260, 240, 170, 120, metal),
    polygon(
      [
        [175, 255],
        [255, 210],
        [480, 210],
        [395, 255],
      ],
      perforation,
      { opacity: 0.5 },
    ),
    rect(190, 290, 130, 70, accent.base, { rx: 6 }),
    rect(200, 302, 80, 8, '#ffffff', { opacity: 0.8 }),
    rect(200, 318, 60, 8, '#ffffff', { opacity: 0.6 }),
    ...terminals,
  ])
}

export function powerBank(parts: Parts): string {
  const { paint, defs, variant } = parts
  const leds = [0, 1, 2, 3].map((index) => circle(270 + index * 20, 400, 5, index < 3 ? '#22d3ee' : paint.deep))
  return group(
    [
      rect(205, 120, 190, 330, defs.linear([paint.dark, paint.light, paint.base, paint.dark], 'across'), { rx: 34, stroke: paint.deep, strokeWidth: 3 }),
      rect(275, 112, 50, 10, '#1f2937', { rx: 4 }),
      variant % 2 === 0 ? circle(300, 260, 60, 'none', { stroke: paint.light, strokeWidth: 6, opacity: 0.7 }) : '',
      variant % 2 === 0 ? circle(300, 260, 38, 'none', { stroke: paint.light, strokeWidth: 6, opacity: 0.7 }) : '',
      ...leds,
      sheen(222, 150, 12, 260),
    ],
    { transform: 'rotate(-10 300 300)' },
  )
}

export function speaker(parts: Parts): string {
  const { paint, defs, accent } = parts
  const grille = defs.pattern(12, circle(6, 6, 2.6, paint.deep))
  return group([
    path('M160 250 Q150 180 220 180', 'none', { stroke: accent.dark, strokeWidth: 10, strokeLinecap: 'round' }),
    rect(130, 230, 340, 190, defs.linear([paint.highlight, paint.light, paint.base, paint.dark, paint.deep], 'down'), {
      rx: 95,
      stroke: paint.deep,
      strokeWidth: 3,
    }),
    rect(170, 250, 260, 150, grille, { rx: 70, opacity: 0.55 }),
    ellipse(140, 325, 24, 90, paint.dark),
    ellipse(460, 325, 24, 90, accent.base),
    circle(300, 236, 6, '#ffffff', { opacity: 0.8 }),
  ])
}

export function earbuds(parts: Parts): string {
  const { paint, defs } = parts
  const bud = (x: number, flip: number) =>
    group([
      rect(x - 12, 300, 24, 110, defs.cylinder(paint), { rx: 12, transform: `rotate(${flip * 12} ${x} 300)` }),
      circle(x, 290, 36, defs.radial([paint.highlight, paint.light, paint.base], 0.35, 0.35), { stroke: paint.deep, strokeWidth: 2 }),
      circle(x - flip * 14, 282, 12, '#1f2937', { opacity: 0.8 }),
    ])
  return group([
    rect(170, 200, 260, 180, defs.linear([paint.light, paint.base, paint.dark], 'down'), { rx: 80, stroke: paint.deep, strokeWidth: 3, opacity: 0.95 }),
    line(180, 260, 420, 260, paint.deep, 2, { opacity: 0.6 }),
    circle(300, 330, 5, '#22c55e'),
    bud(235, 1),
    bud(365, -1),
  ])
}

export function phoneCase(parts: Parts): string {
  const { paint, defs, variant } = parts
  const [width, height] = variant % 2 === 0 ? [170, 330] : [190, 360]
  const x = 300 - width / 2
  const y = 465 - height
  return group(
    [
      rect(x, y, width, height, defs.linear([paint.light, paint.base, paint.dark], 'diagonal'), { rx: 36, stroke: paint.deep, strokeWidth: 3 }),
      rect(x + 16, y + 18, 78, 78, paint.dark, { rx: 20 }),
      circle(x + 38, y + 40, 14, '#111827', { stroke: paint.light, strokeWidth: 3 }),
      circle(x + 72, y + 40, 14, '#111827', { stroke: paint.light, strokeWidth: 3 }),
      circle(x + 38, y + 74, 14, '#111827', { stroke: paint.light, strokeWidth: 3 }),
      circle(x + width / 2, y + height / 2 + 30, 22, paint.light, { opacity: 0.6 }),
      rect(x + width - 4, y + 90, 8, 50, paint.dark, { rx: 4 }),
      sheen(x + 14, y + 120, 10, height - 160),
    ],
    { transform: `rotate(-8 300 300)` },
  )
}

export function pump(parts: Parts): string {
  const { paint, metal, defs } = parts
  const fins = Array.from({ length: 8 }, (_unused, index) => line(300 + index * 20, 262, 300 + index * 20, 378, paint.dark, 4))
  return group([
    rect(140, 420, 340, 26, metal.dark, { rx: 6 }),
    rect(280, 250, 190, 140, defs.linear([paint.light, paint.base, paint.dark], 'down'), { rx: 14, stroke: paint.deep, strokeWidth: 3 }),
    ...fins,
    ellipse(470, 320, 20, 70, paint.dark),
    rect(185, 170, 50, 80, defs.cylinder(metal)),
    rect(175, 160, 70, 16, metal.dark, { rx: 4 }),
    rect(80, 300, 80, 46, defs.linear([metal.light, metal.dark], 'down')),
    circle(210, 320, 86, defs.radial([metal.highlight, metal.light, metal.base, metal.dark], 0.4, 0.4), { stroke: metal.deep, strokeWidth: 3 }),
    circle(210, 320, 26, metal.dark),
    rect(190, 400, 40, 26, metal.dark),
  ])
}

export function lathe(parts: Parts): string {
  const { paint, metal, accent, defs } = parts
  return group([
    box(parts, 110, 360, 380, 80, 60, metal),
    box(parts, 120, 240, 120, 120, 60),
    rect(150, 262, 60, 40, '#0f172a', { rx: 4 }),
    rect(156, 268, 48, 28, defs.linear(['#38bdf8', '#0ea5e9'], 'down')),
    circle(268, 300, 40, defs.radial([metal.highlight, metal.base, metal.dark], 0.4, 0.4), { stroke: metal.deep, strokeWidth: 3 }),
    rect(300, 292, 110, 14, metal.light),
    box(parts, 400, 270, 60, 90, 40, paint),
    rect(310, 330, 60, 28, accent.base, { rx: 4 }),
  ])
}

export function fillingMachine(parts: Parts): string {
  const { paint, metal, defs } = parts
  const bottles = [190, 250, 310, 370].map((x) =>
    group([rect(x - 16, 330, 32, 70, defs.linear(['#e0f2fe', '#7dd3fc'], 'across'), { rx: 8, opacity: 0.9 }), rect(x - 7, 316, 14, 16, paint.base)]),
  )
  const nozzles = [190, 250, 310, 370].map((x) => path(`M${x - 10} 250 L${x + 10} 250 L${x + 4} 290 L${x - 4} 290 Z`, metal.dark))
  return group([
    box(parts, 130, 400, 330, 60, 60),
    rect(140, 396, 310, 10, '#1f2937'),
    rect(150, 160, 16, 240, metal.base),
    rect(420, 160, 16, 240, metal.base),
    rect(140, 200, 310, 56, defs.linear([metal.light, metal.dark], 'down'), { rx: 8 }),
    ...nozzles,
    ...bottles,
    rect(440, 220, 50, 80, '#0f172a', { rx: 6 }),
    rect(448, 230, 34, 24, '#22d3ee'),
  ])
}

export function tiller(parts: Parts): string {
  const { paint, metal } = parts
  const tines = [0, 45, 90, 135].map((angle) => line(0, -60, 0, 60, metal.dark, 10, { transform: `translate(250 410) rotate(${angle})` }))
  return group([
    path('M330 260 L470 150 M470 150 L500 140 M330 270 L450 190', 'none', { stroke: '#1f2937', strokeWidth: 10, strokeLinecap: 'round' }),
    ...tines,
    circle(250, 410, 22, metal.base),
    rect(200, 300, 100, 90, metal.dark, { rx: 8 }),
    box(parts, 180, 230, 150, 80, 60),
    rect(200, 190, 90, 40, paint.dark, { rx: 12 }),
    circle(380, 420, 40, '#1f2937'),
    circle(380, 420, 16, metal.light),
  ])
}

export function valve(parts: Parts): string {
  const { metal, accent, defs } = parts
  const nut = (x: number) =>
    polygon(
      Array.from({ length: 6 }, (_unused, index): [number, number] => [
        x + 32 * Math.cos((index * Math.PI) / 3 + Math.PI / 6) * 0.5,
        315 + 60 * Math.sin((index * Math.PI) / 3 + Math.PI / 6),
      ]),
      metal.dark,
    )
  return group([
    rect(100, 280, 400, 70, defs.linear([metal.dark, metal.highlight, metal.base, metal.dark], 'down')),
    nut(150),
    nut(450),
    circle(300, 315, 88, defs.radial([metal.highlight, metal.light, metal.base, metal.dark], 0.35, 0.35), { stroke: metal.deep, strokeWidth: 3 }),
    rect(288, 180, 24, 60, metal.dark),
    path('M300 190 L470 160', 'none', { stroke: accent.deep, strokeWidth: 30, strokeLinecap: 'round' }),
    path('M300 190 L470 160', 'none', { stroke: accent.base, strokeWidth: 22, strokeLinecap: 'round' }),
    circle(300, 190, 16, metal.light),
  ])
}

export function wrench(parts: Parts): string {
  const { metal, accent, defs } = parts
  return group(
    [
      rect(278, 240, 44, 250, defs.cylinder(metal), { rx: 22, stroke: metal.deep, strokeWidth: 2 }),
      rect(282, 350, 36, 130, accent.base, { rx: 18 }),
      path(
        'M230 250 L230 170 Q230 110 280 110 L290 110 L290 175 L320 175 L320 110 L330 110 Q380 110 380 170 L380 250 Z',
        defs.linear([metal.highlight, metal.base, metal.dark], 'across'),
        { stroke: metal.deep, strokeWidth: 2 },
      ),
      rect(262, 215, 86, 20, metal.dark, { rx: 6 }),
    ],
    { transform: 'rotate(-35 300 300)' },
  )
}

export function drill(parts: Parts): string {
  const { paint, metal, defs } = parts
  return group([
    rect(200, 378, 140, 76, '#1f2937', { rx: 12 }),
    rect(210, 390, 120, 12, paint.base, { rx: 6 }),
    path(
      'M160 190 L410 190 Q440 190 440 220 L440 262 Q440 290 410 290 L320 290 L310 385 L225 385 L235 290 L190 290 Q160 290 160 260 Z',
      defs.linear([paint.light, paint.base, paint.dark], 'down'),
      {
        stroke: paint.deep,
        strokeWidth: 3,
        strokeLinejoin: 'round',
      },
    ),
    rect(240, 300, 60, 80, '#1f2937', { rx: 10, opacity: 0.85 }),
    rect(440, 206, 50, 70, defs.cylinder(metal), { rx: 6 }),
    path('M490 234 L560 236 L560 246 L490 248 Z', metal.dark),
    rect(320, 292, 18, 30, '#1f2937', { rx: 4 }),
  ])
}

export function bolts(kind: 'bolt' | 'screw') {
  return (parts: Parts): string => {
    const { metal, defs } = parts
    const one = (x: number, y: number, angle: number) => {
      const threads = Array.from({ length: 9 }, (_unused, index) => line(-16, 40 + index * 18, 16, 48 + index * 18, metal.deep, 3))
      const head =
        kind === 'bolt'
          ? polygon(
              [
                [-40, 0],
                [-20, -30],
                [20, -30],
                [40, 0],
                [20, 30],
                [-20, 30],
              ].map(([px, py]): [number, number] => [px!, py! * 0.8 + 10]),
              defs.linear([metal.highlight, metal.base, metal.dark], 'across'),
              { stroke: metal.deep, strokeWidth: 2 },
            )
          : ellipse(0, 14, 38, 22, defs.radial([metal.highlight, metal.base, metal.dark], 0.4, 0.3), { stroke: metal.deep, strokeWidth: 2 })
      const shaft = kind === 'bolt' ? rect(-16, 30, 32, 180, defs.cylinder(metal)) : path('M-14 30 L14 30 L14 170 L0 210 L-14 170 Z', defs.cylinder(metal))
      return group([shaft, ...threads, head, kind === 'screw' ? line(-18, 14, 18, 14, metal.deep, 5) : ''], {
        transform: `translate(${x} ${y}) rotate(${angle})`,
      })
    }
    return group([
      one(230, 170, -25),
      one(370, 190, 20),
      kind === 'bolt'
        ? polygon(
            Array.from({ length: 6 }, (_unused, index): [number, number] => [
              300 + 40 * Math.cos((index * Math.PI) / 3),
              420 + 28 * Math.sin((index * Math.PI) / 3),
            ]),
            metal.base,
            { stroke: metal.deep, strokeWidth: 2 },
          )
        : one(300, 300, 70),
    ])
  }
}

export function pipes(kind: 'round' | 'profile') {
  return (parts: Parts): string => {
    const { paint, defs } = parts
    const rows: Array<[number, number]> = [
      [150, 400],
      [250, 400],
      [350, 400],
      [200, 322],
      [300, 322],
      [250, 244],
    ]
    return group(
      rows.map(([x, y]) => {
        const body = rect(x, y - 38, 260, 76, defs.linear([paint.dark, paint.highlight, paint.base, paint.dark], 'down'), {
          stroke: paint.deep,
          strokeWidth: 2,
        })
        const end =
          kind === 'round'
            ? group([ellipse(x, y, 22, 38, paint.light, { stroke: paint.deep, strokeWidth: 2 }), ellipse(x, y, 14, 28, paint.deep)])
            : group([
                rect(x - 24, y - 38, 48, 76, paint.light, { stroke: paint.deep, strokeWidth: 2 }),
                rect(x - 6, y - 38, 12, 20, paint.deep),
                rect(x - 6, y + 18, 12, 20, paint.deep),
                circle(x, y, 8, paint.deep),
              ])
        return group([body, end])
      }),
      { transform: 'translate(-40 0)' },
    )
  }
}

export function planks(parts: Parts): string {
  const { paint, defs } = parts
  return group(
    Array.from({ length: 5 }, (_unused, index) => {
      const y = 430 - index * 40
      const x = 120 + (index % 2) * 20
      return group([
        polygon(
          [
            [x, y],
            [x + 90, y - 60],
            [x + 400, y - 60],
            [x + 310, y],
          ],
          defs.linear([paint.light, paint.base], 'across'),
          { stroke: paint.deep, strokeWidth: 2 },
        ),
        rect(x, y, 310, 16, paint.dark),
        line(x + 60, y - 30, x + 360, y - 30, paint.dark, 2, { opacity: 0.5 }),
      ])
    }),
  )
}

export function windowFrame(parts: Parts): string {
  const { metal, defs, variant } = parts
  const sky = defs.linear(['#bfdbfe', '#e0f2fe', '#f0f9ff'], 'down')
  const panes =
    variant % 2 === 0 ? [rect(180, 140, 112, 300, sky), rect(308, 140, 112, 300, sky)] : [rect(180, 140, 240, 140, sky), rect(180, 296, 240, 144, sky)]
  return group([
    rect(160, 120, 280, 340, defs.linear([metal.light, metal.base], 'diagonal'), { rx: 6, stroke: metal.deep, strokeWidth: 3 }),
    ...panes,
    path('M200 260 L260 160 M210 320 L290 190 M330 280 L390 180', 'none', { stroke: '#ffffff', strokeWidth: 8, opacity: 0.7, strokeLinecap: 'round' }),
    rect(282, 260, 12, 44, metal.deep, { rx: 4 }),
  ])
}

export function wheel(parts: Parts): string {
  const { metal, defs, variant } = parts
  const spokes = variant % 2 === 0 ? 5 : 10
  return group([
    circle(300, 300, 175, '#1f2937'),
    circle(300, 300, 160, '#374151'),
    circle(300, 300, 130, defs.radial([metal.highlight, metal.light, metal.base, metal.dark], 0.4, 0.4), { stroke: metal.deep, strokeWidth: 3 }),
    circle(300, 300, 112, '#1f2937', { opacity: 0.8 }),
    ...Array.from({ length: spokes }, (_unused, index) =>
      path('M-14 -30 L14 -30 L9 -112 L-9 -112 Z', defs.linear([metal.light, metal.base], 'across'), {
        transform: `translate(300 300) rotate(${n((360 / spokes) * index)})`,
      }),
    ),
    circle(300, 300, 38, metal.base, { stroke: metal.deep, strokeWidth: 2 }),
    ...Array.from({ length: 5 }, (_unused, index) =>
      circle(300 + 20 * Math.cos((index * 2 * Math.PI) / 5), 300 + 20 * Math.sin((index * 2 * Math.PI) / 5), 5, metal.deep),
    ),
    path('M170 230 A140 140 0 0 1 240 160', 'none', { stroke: '#ffffff', strokeWidth: 6, opacity: 0.25 }),
  ])
}

export function laminator(parts: Parts): string {
  const { paint, defs } = parts
  return group([
    rect(230, 150, 140, 160, '#ffffff', { stroke: '#cbd5e1', strokeWidth: 2, transform: 'rotate(-8 300 230)' }),
    rect(250, 175, 100, 70, defs.linear(['#fca5a5', '#fde68a'], 'diagonal'), { transform: 'rotate(-8 300 230)' }),
    box(parts, 130, 300, 310, 110, 100),
    rect(160, 290, 250, 10, '#111827', { rx: 5 }),
    circle(390, 350, 10, '#22c55e'),
    circle(360, 350, 10, paint.deep),
  ])
}

import { box, circle, cylinder, ellipse, group, line, type Parts, path, polygon, rect, sheen } from './shapes'
import { n, paintOf, turn } from './svg-kit'

// Drawers of packaging, chemicals, food, farm goods, health and beauty, sports goods and stationery.

export function carton(parts: Parts): string {
  const { paint, accent } = parts
  return group([
    box(parts, 150, 250, 230, 200, 150),
    polygon(
      [
        [255, 250],
        [375, 175],
        [405, 175],
        [285, 250],
      ],
      accent.light,
      { opacity: 0.9 },
    ),
    rect(255, 250, 30, 60, accent.light, { opacity: 0.9 }),
    rect(180, 330, 90, 60, '#ffffff', { rx: 4, opacity: 0.9 }),
    line(190, 345, 250, 345, paint.deep, 4),
    line(190, 362, 235, 362, paint.deep, 4),
    path('M330 380 L330 330 M318 344 L330 330 L342 344', 'none', { stroke: paint.deep, strokeWidth: 4, strokeLinecap: 'round' }),
  ])
}

export function pouch(parts: Parts): string {
  const { paint, defs, accent } = parts
  const beans = Array.from({ length: 9 }, (_unused, index) => ellipse(265 + (index % 3) * 35, 300 + Math.floor(index / 3) * 30, 14, 10, '#78350f'))
  return group([
    path('M205 150 L395 150 L405 430 Q300 470 195 430 Z', defs.linear([paint.light, paint.base, paint.dark], 'across'), {
      stroke: paint.deep,
      strokeWidth: 3,
      strokeLinejoin: 'round',
    }),
    rect(205, 150, 190, 24, paint.dark),
    line(215, 190, 385, 190, paint.deep, 3, { strokeDasharray: '6 5' }),
    rect(240, 270, 120, 110, '#fef3c7', { rx: 14, opacity: 0.8 }),
    ...beans,
    rect(240, 220, 120, 28, accent.base, { rx: 6 }),
    sheen(215, 200, 10, 200),
  ])
}

export function labelRoll(parts: Parts): string {
  const { paint, accent } = parts
  const rings = [125, 110, 95, 80].map((r) => circle(250, 300, r, 'none', { stroke: '#e2e8f0', strokeWidth: 2 }))
  const labels = [0, 1, 2].map((index) => rect(380 + index * 70, 390 - index * 8, 60, 44, paint.light, { rx: 8, stroke: paint.dark, strokeWidth: 2 }))
  return group([
    path('M250 440 L560 410 L560 470 L250 470 Z', '#f8fafc', { stroke: '#cbd5e1', strokeWidth: 2 }),
    ...labels,
    circle(250, 300, 140, '#ffffff', { stroke: '#94a3b8', strokeWidth: 3 }),
    ...rings,
    circle(250, 300, 55, accent.light, { stroke: accent.dark, strokeWidth: 3 }),
    circle(250, 300, 36, '#f1f5f9'),
  ])
}

export function cartridge(parts: Parts): string {
  const { paint, defs, accent } = parts
  const one = (x: number, angle: number) =>
    group(
      [
        rect(-36, -120, 72, 240, defs.cylinder(paint), { rx: 8, stroke: paint.deep, strokeWidth: 2 }),
        rect(-36, -40, 72, 70, accent.base),
        path('M-16 -120 L16 -120 L6 -210 L-6 -210 Z', defs.cylinder(paintOf('#f8fafc')), { stroke: '#94a3b8', strokeWidth: 2 }),
        ellipse(0, 120, 36, 10, paint.dark),
      ],
      { transform: `translate(${x} 320) rotate(${angle})` },
    )
  return group([one(240, -12), one(360, 10)])
}

export function bucket(parts: Parts): string {
  const { paint, defs, accent, metal } = parts
  return group([
    path('M180 230 C180 120 420 120 420 230', 'none', { stroke: metal.dark, strokeWidth: 8 }),
    path('M185 230 L210 460 Q300 480 390 460 L415 230 Z', defs.cylinder(paint), { stroke: paint.deep, strokeWidth: 3 }),
    ellipse(300, 230, 118, 30, paint.light, { stroke: paint.deep, strokeWidth: 3 }),
    rect(196, 300, 208, 90, accent.base),
    rect(196, 300, 208, 14, accent.light),
    circle(300, 345, 24, '#ffffff', { opacity: 0.85 }),
  ])
}

export function granules(parts: Parts): string {
  const { paint, random } = parts
  const pellets = Array.from({ length: 90 }, () => {
    const x = 150 + random() * 300
    const height = 150 - Math.abs(x - 300) * 0.9
    const y = 465 - random() * Math.max(height, 10)
    return ellipse(x, y, 11, 8, random() > 0.5 ? paint.light : paint.base, { stroke: paint.dark, strokeWidth: 1.5 })
  })
  return group([path('M140 465 Q300 240 460 465 Z', paint.dark, { opacity: 0.6 }), ...pellets])
}

export function sack(parts: Parts): string {
  const { paint, accent, defs } = parts
  return group([
    path('M200 170 Q300 140 400 170 L430 440 Q300 480 170 440 Z', defs.linear([paint.light, paint.base, paint.dark], 'across'), {
      stroke: paint.deep,
      strokeWidth: 3,
      strokeLinejoin: 'round',
    }),
    path('M230 150 Q300 110 370 150 L360 180 Q300 160 240 180 Z', paint.dark),
    rect(230, 260, 140, 110, '#ffffff', { rx: 10, opacity: 0.9 }),
    path('M300 340 Q260 300 300 270 Q340 300 300 340 Z', accent.base),
    line(300, 340, 300, 280, accent.deep, 3),
  ])
}

export function seedPacket(parts: Parts): string {
  const { paint, variant, random } = parts
  const picture =
    variant % 2 === 0
      ? group([circle(300, 280, 48, '#ef4444'), path('M280 236 L300 250 L320 236 L310 256 L290 256 Z', '#16a34a')])
      : group([
          ellipse(300, 285, 30, 70, '#22c55e', { transform: 'rotate(30 300 285)' }),
          ellipse(300, 285, 22, 60, '#4ade80', { opacity: 0.6, transform: 'rotate(30 300 285)' }),
        ])
  const seeds = Array.from({ length: 14 }, () => ellipse(180 + random() * 260, 440 + random() * 24, 6, 4, '#a16207'))
  return group([
    rect(200, 130, 200, 290, paint.base, { rx: 8, stroke: paint.deep, strokeWidth: 3, transform: 'rotate(-6 300 275)' }),
    rect(222, 200, 156, 170, '#fffbeb', { rx: 10, transform: 'rotate(-6 300 275)' }),
    `<g transform="rotate(-6 300 275)">${picture}</g>`,
    ...seeds,
  ])
}

export function teaTin(parts: Parts): string {
  const { accent, random, metal } = parts
  const leaves = Array.from({ length: 12 }, () =>
    ellipse(140 + random() * 320, 445 + random() * 20, 10, 4, '#3f6212', { transform: `rotate(${n(random() * 180)} 300 455)` }),
  )
  return group([
    cylinder(parts, 300, 170, 440, 105, 28),
    cylinder(parts, 300, 150, 190, 109, 29, metal),
    path('M300 360 Q240 300 300 230 Q360 300 300 360 Z', accent.base, { stroke: accent.deep, strokeWidth: 2 }),
    line(300, 360, 300, 245, accent.deep, 3),
    ...leaves,
    sheen(215, 210, 12, 210),
  ])
}

export function crackers(parts: Parts): string {
  const { paint, accent, variant } = parts
  const topping =
    variant % 2 === 0
      ? (x: number, y: number) => rect(x - 30, y - 8, 60, 16, '#14532d', { rx: 3 })
      : (x: number, y: number) => group([circle(x - 10, y - 6, 3, '#fef3c7'), circle(x + 12, y, 3, '#fef3c7'), circle(x, y + 8, 3, '#fef3c7')])
  const pile: Array<[number, number]> = [
    [220, 430],
    [310, 440],
    [400, 428],
    [265, 395],
    [355, 398],
    [310, 360],
  ]
  return group([
    path('M170 160 L430 160 L440 360 L160 360 Z', paint.base, { stroke: paint.deep, strokeWidth: 3 }),
    rect(170, 160, 260, 30, accent.base),
    ...pile.map(([x, y]) => group([ellipse(x, y, 55, 26, '#d6a35c', { stroke: '#92400e', strokeWidth: 2 }), topping(x, y)])),
  ])
}

export function coconutWater(parts: Parts): string {
  const { paint, defs } = parts
  const fibres = Array.from({ length: 6 }, (_unused, index) =>
    path(`M${190 + index * 14} 330 Q${175 + index * 18} 400 ${200 + index * 12} 450`, 'none', { stroke: '#78350f', strokeWidth: 2, opacity: 0.5 }),
  )
  return group([
    circle(240, 380, 95, defs.radial(['#a16207', '#78350f', '#451a03'], 0.4, 0.4)),
    ...fibres,
    ellipse(240, 300, 80, 24, '#fefce8', { stroke: '#a16207', strokeWidth: 3 }),
    line(260, 200, 250, 300, '#f472b6', 8),
    cylinder(parts, 390, 200, 455, 60, 16),
    rect(330, 280, 120, 80, paint.light, { opacity: 0.9 }),
    circle(390, 320, 24, '#78350f'),
  ])
}

export function dropperBottle(parts: Parts): string {
  const { paint, defs } = parts
  return group([
    path(
      'M230 250 Q230 220 260 215 L340 215 Q370 220 370 250 L370 440 Q370 462 345 462 L255 462 Q230 462 230 440 Z',
      defs.linear([paint.dark, paint.light, paint.base, paint.dark], 'across'),
      {
        stroke: paint.deep,
        strokeWidth: 3,
        opacity: 0.92,
      },
    ),
    rect(268, 175, 64, 42, '#1f2937', { rx: 6 }),
    rect(278, 110, 44, 70, '#111827', { rx: 20 }),
    rect(245, 300, 110, 100, '#ffffff', { rx: 6, opacity: 0.85 }),
    line(260, 330, 340, 330, paint.deep, 4),
    line(260, 350, 320, 350, paint.deep, 3),
    path('M440 300 Q455 330 440 345 Q425 330 440 300 Z', paint.light, { stroke: paint.dark, strokeWidth: 2 }),
    sheen(244, 240, 10, 190),
  ])
}

export function gloves(parts: Parts): string {
  const { paint, defs } = parts
  const hand =
    'M250 460 L250 330 L220 260 Q212 240 230 236 Q244 234 252 256 L270 300 L266 170 Q266 150 282 150 Q298 150 298 170 L300 280 L305 150 Q305 130 322 130 Q340 130 338 152 L334 282 L346 166 Q348 148 364 150 Q380 152 378 172 L366 300 L380 210 Q384 192 398 196 Q412 200 408 220 L390 340 L384 460 Z'
  return group([
    box(parts, 140, 300, 300, 160, 90, paintOf('#e2e8f0')),
    ellipse(290, 300, 90, 20, '#94a3b8'),
    path(hand, defs.linear([paint.light, paint.base, paint.dark], 'across'), {
      stroke: paint.deep,
      strokeWidth: 3,
      strokeLinejoin: 'round',
      transform: 'rotate(8 310 300)',
    }),
  ])
}

export function toothbrush(parts: Parts): string {
  const { paint, defs, accent } = parts
  return group([
    ellipse(300, 450, 80, 20, accent.dark),
    ellipse(300, 440, 80, 20, accent.light, { stroke: accent.dark, strokeWidth: 2 }),
    rect(270, 200, 60, 245, defs.cylinder(paint), { rx: 30, stroke: paint.deep, strokeWidth: 2 }),
    rect(288, 100, 24, 110, defs.cylinder(paintOf('#f8fafc')), { rx: 10 }),
    rect(284, 80, 32, 50, '#f8fafc', { rx: 12, stroke: '#cbd5e1', strokeWidth: 2 }),
    rect(288, 86, 24, 34, accent.base, { rx: 6, opacity: 0.7 }),
    circle(300, 280, 14, paint.light, { stroke: paint.deep, strokeWidth: 2 }),
    sheen(280, 230, 8, 180),
  ])
}

export function yogaMat(parts: Parts): string {
  const { paint, defs } = parts
  const spiral = [80, 64, 48, 32].map((r) => circle(190, 330, r, 'none', { stroke: paint.dark, strokeWidth: 3 }))
  return group([
    polygon(
      [
        [190, 410],
        [520, 390],
        [560, 450],
        [230, 470],
      ],
      paint.light,
      { stroke: paint.deep, strokeWidth: 2 },
    ),
    rect(190, 250, 260, 160, defs.linear([paint.highlight, paint.light, paint.base, paint.dark], 'down'), { stroke: paint.deep, strokeWidth: 2 }),
    ellipse(450, 330, 30, 80, paint.dark),
    circle(190, 330, 96, paint.base, { stroke: paint.deep, strokeWidth: 3 }),
    ...spiral,
    rect(300, 245, 26, 170, '#1f2937', { opacity: 0.8 }),
  ])
}

export function dumbbell(parts: Parts): string {
  const { paint, metal, defs } = parts
  const hex = (cx: number, r: number) =>
    polygon(
      Array.from({ length: 6 }, (_unused, index): [number, number] => [
        cx + r * 0.45 * Math.cos((index * Math.PI) / 3),
        300 + r * Math.sin((index * Math.PI) / 3),
      ]),
      defs.linear([paint.light, paint.base, paint.dark], 'across'),
      { stroke: paint.deep, strokeWidth: 3 },
    )
  return group(
    [
      rect(190, 286, 220, 28, defs.linear([metal.light, metal.highlight, metal.dark], 'down'), { rx: 8 }),
      hex(170, 110),
      hex(220, 90),
      hex(380, 90),
      hex(430, 110),
    ],
    { transform: 'rotate(-12 300 300)' },
  )
}

export function blocks(parts: Parts): string {
  const { paint } = parts
  const colours = [paint.base, turn(paint.base, 120), turn(paint.base, 220), turn(paint.base, 60)].map((hex) => paintOf(hex))
  const cubes: Array<[number, number, number]> = [
    [150, 380, 0],
    [255, 380, 1],
    [360, 380, 2],
    [200, 285, 3],
    [305, 285, 0],
    [255, 190, 1],
  ]
  return group(
    cubes.map(([x, y, colour]) =>
      group([
        box({ ...parts, paint: colours[colour]! }, x, y, 90, 80, 50, colours[colour]!),
        circle(x + 45, y + 40, 14, colours[colour]!.light, { opacity: 0.9 }),
      ]),
    ),
  )
}

export function tent(parts: Parts): string {
  const { paint, defs, metal } = parts
  return group([
    line(110, 460, 60, 470, metal.dark, 3),
    line(490, 460, 540, 470, metal.dark, 3),
    path('M110 460 Q300 90 490 460 Z', defs.linear([paint.light, paint.base, paint.dark], 'across'), {
      stroke: paint.deep,
      strokeWidth: 3,
      strokeLinejoin: 'round',
    }),
    path('M300 185 Q230 320 240 460 L360 460 Q370 320 300 185 Z', paint.deep, { opacity: 0.85 }),
    path('M300 185 Q300 320 300 460', 'none', { stroke: paint.light, strokeWidth: 3 }),
    path('M150 420 Q300 150 450 420', 'none', { stroke: metal.light, strokeWidth: 4, opacity: 0.8 }),
  ])
}

export function pens(parts: Parts): string {
  const { paint, metal, defs } = parts
  const colours = [paint.base, turn(paint.base, 40), turn(paint.base, -40)].map((hex) => paintOf(hex))
  return group(
    colours.map((colour, index) =>
      group(
        [
          rect(-16, -160, 32, 280, defs.cylinder(colour), { rx: 14, stroke: colour.deep, strokeWidth: 2 }),
          rect(-16, 40, 32, 70, '#1f2937', { rx: 6, opacity: 0.8 }),
          path('M-16 120 L16 120 L2 170 L-2 170 Z', metal.base),
          rect(12, -150, 8, 110, metal.light, { rx: 4 }),
        ],
        { transform: `translate(${220 + index * 80} 290) rotate(${-20 + index * 20})` },
      ),
    ),
  )
}

export function notebook(parts: Parts): string {
  const { paint, defs, accent, variant } = parts
  const spiral = variant % 2 === 0
  const rings = Array.from({ length: 10 }, (_unused, index) => ellipse(200, 150 + index * 31, 18, 8, 'none', { stroke: '#475569', strokeWidth: 4 }))
  return group([
    rect(210, 132, 240, 330, '#f8fafc', { rx: 6, stroke: '#cbd5e1', strokeWidth: 2 }),
    rect(195, 125, 240, 330, defs.linear([paint.light, paint.base, paint.dark], 'diagonal'), { rx: 8, stroke: paint.deep, strokeWidth: 3 }),
    spiral ? group(rings) : rect(390, 125, 18, 330, accent.base),
    rect(250, 190, 140, 50, '#ffffff', { rx: 6, opacity: 0.85 }),
    line(265, 208, 370, 208, paint.dark, 3),
    line(265, 224, 340, 224, paint.dark, 3),
  ])
}

export function waxTin(parts: Parts): string {
  const { paint, accent, metal } = parts
  return group([
    rect(380, 380, 120, 70, '#facc15', { rx: 24, stroke: '#a16207', strokeWidth: 2 }),
    cylinder(parts, 260, 330, 450, 140, 40, metal),
    cylinder(parts, 260, 300, 345, 146, 42),
    ellipse(260, 300, 100, 28, accent.base, { opacity: 0.85 }),
    ellipse(260, 300, 50, 14, paint.light),
  ])
}

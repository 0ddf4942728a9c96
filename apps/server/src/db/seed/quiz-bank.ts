/** A demo question: four options, `correct` is the index of the right one. */
export interface DemoQuestion {
  question: string;
  options: [string, string, string, string];
  correct: number;
  marks: number;
}

/** A past attempt: the option index chosen per question, or null for a question left blank. */
export interface DemoAttempt {
  student: 'demo' | 'other';
  daysAgo: number;
  choices: (number | null)[];
}

export interface DemoQuiz {
  subject: string;
  chapter: string;
  name: string;
  passMarks: number;
  allowRetake: boolean;
  addedDaysAgo: number;
  questions: DemoQuestion[];
  attempts: DemoAttempt[];
}

const q = (question: string, options: DemoQuestion['options'], correct: number, marks: number): DemoQuestion => ({
  question,
  options,
  correct,
  marks,
});

// Class 11 (NCERT) chapters of the demo syllabus. The demo student has passes and fails to review,
// and quizzes not yet taken, one of which can be taken only once.
export const quizBank: DemoQuiz[] = [
  {
    subject: 'Physics',
    chapter: 'Units and Measurements',
    name: 'Units and Dimensions',
    passMarks: 4,
    allowRetake: true,
    addedDaysAgo: 30,
    questions: [
      q('Which of these is a fundamental SI unit?', ['Newton', 'Joule', 'Kelvin', 'Watt'], 2, 1),
      q('What are the dimensions of force?', ['[M L T⁻²]', '[M L² T⁻²]', '[M L T⁻¹]', '[M L⁻¹ T⁻²]'], 0, 2),
      q('One light year is a unit of', ['Time', 'Distance', 'Speed', 'Energy'], 1, 1),
      q(
        'Which pair of quantities has the same dimensions?',
        ['Work and torque', 'Force and power', 'Momentum and energy', 'Pressure and force'],
        0,
        3,
      ),
    ],
    attempts: [
      { student: 'demo', daysAgo: 6, choices: [2, 1, 0, null] },
      { student: 'demo', daysAgo: 3, choices: [2, 0, 0, 0] },
    ],
  },
  {
    subject: 'Physics',
    chapter: 'Units and Measurements',
    name: 'Significant Figures (one attempt only)',
    passMarks: 3,
    allowRetake: false,
    addedDaysAgo: 12,
    questions: [
      q('How many significant figures are there in 0.00450?', ['2', '3', '5', '6'], 1, 2),
      q(
        'The sum 12.1 + 0.345 + 1.02, reported to the correct number of significant figures, is',
        ['13.465', '13.47', '13.5', '13'],
        2,
        2,
      ),
      q('How many significant figures are there in 6.020 × 10²³?', ['3', '4', '23', '5'], 1, 1),
    ],
    attempts: [],
  },
  {
    subject: 'Physics',
    chapter: 'Motion in a Straight Line',
    name: 'Kinematics Basics',
    passMarks: 5,
    allowRetake: true,
    addedDaysAgo: 25,
    questions: [
      q(
        'A car starts from rest and accelerates uniformly at 2 m/s² for 5 s. What is its final speed?',
        ['5 m/s', '10 m/s', '20 m/s', '2.5 m/s'],
        1,
        2,
      ),
      q(
        'The slope of a position–time graph gives the',
        ['Acceleration', 'Velocity', 'Displacement', 'Distance travelled'],
        1,
        1,
      ),
      q('The area under a velocity–time graph gives the', ['Displacement', 'Acceleration', 'Speed', 'Force'], 0, 1),
      q(
        'A ball is thrown straight up at 20 m/s. Taking g = 10 m/s², how high does it rise?',
        ['10 m', '20 m', '40 m', '200 m'],
        1,
        3,
      ),
      q(
        'A body moving with uniform velocity has an acceleration that is',
        ['Zero', 'Constant but not zero', 'Increasing', 'Equal to g'],
        0,
        2,
      ),
    ],
    attempts: [{ student: 'demo', daysAgo: 2, choices: [1, 1, 0, 2, 0] }],
  },
  {
    subject: 'Physics',
    chapter: 'Laws of Motion',
    name: "Newton's Laws of Motion",
    passMarks: 4,
    allowRetake: true,
    addedDaysAgo: 18,
    questions: [
      q('The inertia of a body depends on its', ['Speed', 'Mass', 'Shape', 'Colour'], 1, 1),
      q(
        'A net force of 10 N acts on a body of mass 2 kg. What is its acceleration?',
        ['5 m/s²', '20 m/s²', '0.2 m/s²', '12 m/s²'],
        0,
        2,
      ),
      q(
        'The recoil of a gun when it is fired is explained by',
        ["Newton's first law", "Newton's second law", "Newton's third law", 'The law of gravitation'],
        2,
        2,
      ),
      q('Impulse is equal to the change in', ['Kinetic energy', 'Momentum', 'Velocity', 'Force'], 1, 2),
    ],
    attempts: [],
  },
  {
    subject: 'Chemistry',
    chapter: 'Some Basic Concepts of Chemistry',
    name: 'Mole Concept',
    passMarks: 5,
    allowRetake: true,
    addedDaysAgo: 21,
    questions: [
      q(
        'How many particles are there in one mole of a substance?',
        ['6.022 × 10²³', '6.022 × 10²²', '3.011 × 10²³', '1.66 × 10⁻²⁴'],
        0,
        1,
      ),
      q('What is the molar mass of water (H₂O)?', ['16 g/mol', '17 g/mol', '18 g/mol', '20 g/mol'], 2, 2),
      q('How many moles are there in 44 g of CO₂?', ['0.5', '1', '2', '44'], 1, 2),
      q('At 273.15 K and 1 atm, one mole of an ideal gas occupies about', ['11.2 L', '22.4 L', '24.8 L', '1 L'], 1, 3),
    ],
    attempts: [{ student: 'demo', daysAgo: 1, choices: [0, 2, 2, 0] }],
  },
  {
    subject: 'Chemistry',
    chapter: 'Structure of Atom',
    name: 'Quantum Numbers',
    passMarks: 4,
    allowRetake: true,
    addedDaysAgo: 9,
    questions: [
      q(
        'The maximum number of electrons in a shell with principal quantum number n is',
        ['n', '2n', 'n²', '2n²'],
        3,
        2,
      ),
      q(
        'An orbital with azimuthal quantum number l = 2 is',
        ['An s orbital', 'A p orbital', 'A d orbital', 'An f orbital'],
        2,
        1,
      ),
      q('How many orbitals does a p subshell have?', ['1', '3', '5', '7'], 1, 1),
      q(
        'Which set of quantum numbers (n, l, m) is not allowed?',
        ['(2, 1, 0)', '(3, 2, −2)', '(2, 2, 1)', '(4, 0, 0)'],
        2,
        3,
      ),
    ],
    attempts: [],
  },
  {
    subject: 'Mathematics',
    chapter: 'Sets',
    name: 'Sets and Subsets',
    passMarks: 5,
    allowRetake: true,
    addedDaysAgo: 28,
    questions: [
      q('How many subsets does a set with 3 elements have?', ['3', '6', '8', '9'], 2, 2),
      q('If A = {1, 2, 3} and B = {3, 4}, then A ∪ B is', ['{3}', '{1, 2, 3, 4}', '{1, 2}', '{4}'], 1, 1),
      q('If A = {1, 2, 3} and B = {3, 4}, then A ∩ B is', ['{3}', '{1, 2, 3, 4}', 'The empty set', '{1, 2}'], 0, 1),
      q('The empty set is a subset of', ['Only itself', 'Every set', 'No set', 'Only finite sets'], 1, 2),
      q('If n(A) = 10, n(B) = 6 and n(A ∩ B) = 4, then n(A ∪ B) is', ['12', '16', '20', '4'], 0, 3),
    ],
    attempts: [{ student: 'demo', daysAgo: 4, choices: [2, 1, 0, 1, 0] }],
  },
  {
    subject: 'Mathematics',
    chapter: 'Trigonometric Functions',
    name: 'Trigonometric Identities',
    passMarks: 4,
    allowRetake: true,
    addedDaysAgo: 7,
    questions: [
      q('For every real x, sin²x + cos²x equals', ['0', '1', '2', 'tan x'], 1, 1),
      q('What is the value of sin 30°?', ['1/2', '√3/2', '1', '0'], 0, 1),
      q('π/3 radians, in degrees, is', ['30°', '45°', '60°', '90°'], 2, 2),
      q('The period of tan x is', ['π/2', 'π', '2π', '4π'], 1, 3),
    ],
    attempts: [],
  },
  {
    // The other student's subject: the demo student must never see this quiz or its attempt.
    subject: 'Biology',
    chapter: 'The Living World',
    name: 'Taxonomy Basics',
    passMarks: 3,
    allowRetake: true,
    addedDaysAgo: 15,
    questions: [
      q('The basic unit of classification is the', ['Genus', 'Species', 'Family', 'Order'], 1, 1),
      q(
        'Binomial nomenclature was introduced by',
        ['Charles Darwin', 'Carolus Linnaeus', 'Gregor Mendel', 'R. H. Whittaker'],
        1,
        2,
      ),
      q(
        'Which order of taxonomic categories runs from lowest to highest?',
        [
          'Species, genus, family, order',
          'Genus, species, order, family',
          'Family, order, genus, species',
          'Order, family, species, genus',
        ],
        0,
        2,
      ),
    ],
    attempts: [{ student: 'other', daysAgo: 2, choices: [1, 1, 2] }],
  },
];

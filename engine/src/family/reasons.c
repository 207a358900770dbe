/*
** reasons.c: why a move is refused, for a person, in the four languages
** and in the words of the edition's theme (Farmopul's fields and soil, not
** micropul). Every tool that explains a refusal asks here, so the numbered
** rules are worded once, with what they ask; and why a game ended.
*/
#include <stdio.h>
#include <string.h>

#include "common.h"

/* Placeholders: {stone} {group} {supply} {core} {big} {bag} {rack} {track}
** {bonus} are the theme's part names (the plain ones below where the theme
** has no such part); {pairs} the kinds of the tile set that join, each matched with
** itself ("field to field, soil to soil"); {kinds} the same kinds as a
** negated list ("field or soil", "ni champ ni terreau"); {limit} the hand
** limit. French and Spanish put a theme's name where no article or adjective
** has to agree with it (a label, or a neutral noun with the name after it in
** brackets), since a theme's names have no gender. */
static const char *const texts[PUL_R_COUNT][PUL_NLANGS] = {
    [PUL_LEGAL] = {"the action is legal", "合法な手です", "le coup est permis",
                   "la jugada está permitida"},
    [PUL_R_SYNTAX] = {
        "the move cannot be read (examples: 12@1,-2r3, snw0,0, t, pass)",
        "手を読み取れません（例: 12@1,-2r3、snw0,0、t、pass）",
        "le coup ne se lit pas (exemples : 12@1,-2r3, snw0,0, t, pass)",
        "la jugada no se puede leer (ejemplos: 12@1,-2r3, snw0,0, t, pass)",
    },
    [PUL_R_GAME_OVER] = {"the game is already over", "ゲームはもう終わっています",
                         "la partie est déjà finie", "la partida ya ha terminado"},
    [PUL_R_OCCUPIED] = {"that cell already holds a tile", "そのマスにはもうタイルがあります",
                        "cette case porte déjà une tuile", "esa casilla ya tiene una ficha"},
    [PUL_R_NOT_ADJACENT] = {
        "the cell shares no edge with a placed tile",
        "そのマスは置かれたタイルと辺で接していません",
        "la case n'a aucun bord commun avec une tuile posée",
        "la casilla no comparte ningún lado con una ficha colocada",
    },
    [PUL_R_NO_ATTACHMENT] = {
        "rule 1: a new tile must touch a placed tile like to like ({pairs}) at least once, "
        "and this one does not",
        "ルール1: 新しいタイルは置かれたタイルに同じ種類どうし（{pairs}）で一か所以上"
        "接しなければなりませんが、このタイルは接していません",
        "règle 1 : une nouvelle tuile doit toucher une tuile posée au moins une fois par deux "
        "quarts semblables ({pairs}), ce que celle-ci ne fait pas",
        "regla 1: una ficha nueva debe tocar una ficha colocada al menos una vez con dos "
        "cuadrantes iguales ({pairs}), y esta no lo hace",
    },
    [PUL_R_COLOUR_CONFLICT] = {
        "rule 2: where tiles touch, only like may meet like ({pairs}), and here two different "
        "ones would touch",
        "ルール2: タイルが接する所では同じ種類どうし（{pairs}）しか接することができませんが、"
        "ここでは違う種類が接してしまいます",
        "règle 2 : là où des tuiles se touchent, seuls des quarts semblables peuvent se "
        "toucher ({pairs}), et ici deux quarts différents se toucheraient",
        "regla 2: donde las fichas se tocan, solo pueden tocarse cuadrantes iguales ({pairs}), "
        "y aquí se tocarían dos distintos",
    },
    [PUL_R_NOT_IN_HAND] = {"that tile is not in your hand", "そのタイルは手札にありません",
                           "cette tuile n'est pas dans votre main",
                           "esa ficha no está en tu mano"},
    [PUL_R_HAND_FULL] = {
        "your hand already holds {limit} tiles, the most the rules allow",
        "手札はもうルールの上限の {limit} 枚です",
        "votre main a déjà {limit} tuiles, le maximum permis par les règles",
        "tu mano ya tiene {limit} fichas, el máximo que permiten las reglas",
    },
    [PUL_R_NOT_IN_SUPPLY] = {
        "that tile is not in your {supply}",
        "そのタイルは{supply}にありません",
        "cette tuile n'est pas dans votre {supply}",
        "esa ficha no está en tu {supply}",
    },
    [PUL_R_NO_STONES] = {"you have no {stone} left", "{stone}が残っていません",
                         "il ne vous reste plus de {stone}", "te has quedado sin {stone}"},
    [PUL_R_NOT_MICROPUL] = {
        "there is no {kinds} at that quadrant",
        "その区画は{kinds}のいずれでもありません",
        "il n'y a {kinds} dans ce quart",
        "no hay {kinds} en ese cuadrante",
    },
    [PUL_R_ALREADY_CLAIMED] = {
        "that {group} already carries a {stone}",
        "その{group}にはもう{stone}があります",
        "ce quart appartient à un ensemble ({group}) qui porte déjà une pièce ({stone})",
        "ese cuadrante pertenece a un conjunto ({group}) que ya tiene una pieza ({stone})",
    },
    [PUL_R_NO_EXTRA_TURN] = {
        "pass is only allowed in an extra turn",
        "pass は追加ターンにしかできません",
        "pass n'est permis que pendant un tour supplémentaire",
        "pass solo se permite en un turno extra",
    },
    [PUL_R_BAD_ACTION] = {
        "that is not an action (unknown kind, rotation or quadrant)",
        "それは手ではありません（種類、向き、区画が不明）",
        "ce n'est pas une action (genre, rotation ou quart inconnu)",
        "eso no es una acción (tipo, giro o cuadrante desconocido)",
    },
    [PUL_R_SCRIPT_ERROR] = {
        "a rule script of the variant failed; the game is as it was before the move",
        "ヴァリアントのルールスクリプトが失敗しました。ゲームは手の前のままです",
        "un script de règles de la variante a échoué ; la partie est comme avant le coup",
        "un script de reglas de la variante falló; la partida sigue como antes de la jugada",
    },
    /* Einfach Genial's refusals */
    [PUL_R_REFILL_DUE] = {
        "you must refill or swap your {rack} now",
        "今は{rack}の補充か交換をしなければなりません",
        "vous devez maintenant compléter ou échanger votre {rack}",
        "ahora debes reponer o cambiar tu {rack}",
    },
    [PUL_R_NOT_IN_RACK] = {"that tile is not on your {rack}", "そのタイルは{rack}にありません",
                           "cette tuile n'est pas sur votre {rack}",
                           "esa ficha no está en tu {rack}"},
    [PUL_R_OFF_BOARD] = {
        "a cell of the tile is outside the play area",
        "タイルのマスがプレイエリアの外にあります",
        "une case de la tuile est hors de la zone de jeu",
        "una casilla de la ficha está fuera de la zona de juego",
    },
    [PUL_R_FIRST_ROUND] = {
        "a first placement must touch a printed symbol that no earlier first placement touched",
        "最初の配置は、それまでの最初の配置が接していない印刷された記号に接しなければなりません",
        "une première pose doit toucher un symbole imprimé qu'aucune première pose précédente "
        "n'a touché",
        "una primera colocación debe tocar un símbolo impreso que ninguna primera colocación "
        "anterior haya tocado",
    },
    [PUL_R_PLACEMENT_DUE] = {"you must place a tile first", "先にタイルを置かなければなりません",
                             "vous devez d'abord poser une tuile",
                             "primero debes colocar una ficha"},
    [PUL_R_NO_SWAP] = {"you may not swap your {rack} now", "今は{rack}を交換できません",
                       "vous ne pouvez pas échanger votre {rack} maintenant",
                       "ahora no puedes cambiar tu {rack}"},
    [PUL_R_BAD_DRAW] = {
        "those tiles are not what the rules draw from the {bag}",
        "それは{bag}から引くべきタイルではありません",
        "ces tuiles ne sont pas celles que les règles font tirer du sac ({bag})",
        "esas fichas no son las que las reglas hacen sacar de la bolsa ({bag})",
    },
};

/* The names of the parts when an edition has no theme, in PulPart order. */
static const char *const plain_parts[PUL_NPARTS][PUL_NLANGS] = {
    {"big micropul", "大マイクロプル", "mega micropul", "micropul grande"},
    {"stone", "マーカー", "pierre", "piedra"},
    {"core", "コア", "noyau", "núcleo"},
    {"supply", "山札", "réserve", "suministro"},
    {"group", "グループ", "groupe", "grupo"},
    {"bag", "袋", "sac", "bolsa"},
    {"rack", "ラック", "chevalet", "atril"},
    {"track", "得点トラック", "piste", "marcador"},
    {"bonus", "ボーナス", "bonus", "bonificación"},
};

/* The kinds that join when there is no edition: Micropul's two colours. */
static const char *const plain_kinds[2][PUL_NLANGS] = {
    {"white micropul", "白マイクロプル", "micropul blanc", "micropul blanco"},
    {"black micropul", "黒マイクロプル", "micropul noir", "micropul negro"},
};

/* Why a game ended, indexed by PulEndReason (PUL_END_NONE: not over yet);
** {actions} is PUL_ACTION_LIMIT. */
static const char *const end_texts[PUL_END_COUNT][PUL_NLANGS] = {
    [PUL_END_NONE] = {"the game is not finished", "ゲームは終わっていません",
                      "la partie n'est pas finie", "la partida no ha terminado"},
    [PUL_END_CORE_EMPTY] = {
        "the last tile left the {core}",
        "{core}の最後のタイルが出ました",
        "la dernière tuile de la pioche ({core}) est sortie",
        "salió la última ficha de la pila ({core})",
    },
    [PUL_END_NO_TILES] = {
        "a player began a turn with no tile in hand nor in their {supply}",
        "手札にも{supply}にもタイルのないプレイヤーの番になりました",
        "un joueur a commencé son tour sans tuile en main ni en {supply}",
        "un jugador empezó su turno sin fichas en la mano ni en su {supply}",
    },
    [PUL_END_NO_ACTION] = {
        "a player had no legal move",
        "打てる手のないプレイヤーがいました",
        "un joueur n'avait aucun coup légal",
        "un jugador no tenía ninguna jugada legal",
    },
    [PUL_END_SCRIPT] = {
        "a rule script of the variant ended the game",
        "ヴァリアントのルールスクリプトがゲームを終わらせました",
        "un script de règles de la variante a fini la partie",
        "un script de reglas de la variante terminó la partida",
    },
    [PUL_END_ACTION_LIMIT] = {
        "the game reached {actions} actions, the most pul plays: the variant's rule scripts "
        "kept it going",
        "ゲームがpulの上限の{actions}手に達しました。ヴァリアントのルールスクリプトがゲームを続けさせていました",
        "la partie a atteint {actions} actions, le maximum que pul joue : les scripts de règles "
        "de la variante la prolongeaient",
        "la partida llegó a {actions} acciones, el máximo que pul juega: los scripts de reglas "
        "de la variante la prolongaban",
    },
    [PUL_END_BOARD_FULL] = {
        "no two neighbouring cells of the play area are empty any more",
        "プレイエリアに隣り合う空きマスがなくなりました",
        "la zone de jeu n'a plus deux cases voisines vides",
        "la zona de juego ya no tiene dos casillas vecinas vacías",
    },
    [PUL_END_SUDDEN_DEATH] = {
        "a player reached the end of every {track}",
        "あるプレイヤーがすべての{track}の終わりに達しました",
        "un joueur a atteint le bout de chaque piste ({track})",
        "un jugador llegó al final de cada marcador ({track})",
    },
};

/* How {pairs} and {kinds} are joined in each language. */
static const struct {
    const char *pair_join, *pair_sep; /* "field" pair_join "field", pair_sep the next pair */
    const char *kinds_first, *kinds_sep;
} joins[PUL_NLANGS] = {
    {" to ", ", ", "", " or "},
    {"と", "、", "", "・"},
    {" contre ", ", ", "ni ", " ni "},
    {" con ", ", ", "", " ni "},
};

typedef struct {
    char *buf;
    size_t size, n;
} Out;

static void put(Out *o, const char *s) {
    for (; *s && o->n + 1 < o->size; s++) o->buf[o->n++] = *s;
    o->buf[o->n] = '\0';
}

/* The name of the k-th kind that joins tiles (the theme's, else the tile
** set's), or NULL past the last. */
static const char *kind_name(const PulVariant *v, int k, int lang) {
    if (!v) return k < 2 ? plain_kinds[k][lang] : NULL;
    const PulTileSet *ts = pul_variant_tileset(v);
    const PulTheme *th = pul_variant_theme(v);
    for (int f = 0; f < ts->nfeatures; f++) {
        if (ts->feature[f].cls != PUL_FEATURE_MICROPUL || k-- > 0) continue;
        const char *name = th && f < th->nfeatures ? pul_theme_feature_name(th, f, lang) : "";
        return *name ? name : ts->feature[f].name;
    }
    return NULL;
}

/* {pairs} ("field to field, soil to soil") or {kinds} ("field or soil"). */
static void put_kinds(Out *o, const PulVariant *v, int lang, bool pairs) {
    const char *name;
    for (int k = 0; (name = kind_name(v, k, lang)) != NULL; k++) {
        if (pairs) {
            if (k) put(o, joins[lang].pair_sep);
            put(o, name);
            put(o, joins[lang].pair_join);
        } else {
            put(o, k ? joins[lang].kinds_sep : joins[lang].kinds_first);
        }
        put(o, name);
    }
}

/* template in the words of g's theme: the placeholders above filled in. */
static void expand(const PulGame *g, const char *template, int lang, Out *o) {
    const PulVariant *v = g ? pul_game_variant(g) : NULL;
    const PulTheme *th = v ? pul_variant_theme(v) : NULL;
    for (const char *p = template; *p;) {
        const char *end = *p == '{' ? strchr(p, '}') : NULL;
        if (!end) {
            char one[2] = {*p++, '\0'};
            put(o, one);
            continue;
        }
        size_t len = (size_t)(end - p - 1);
        int part = -1;
        for (int k = 0; k < PUL_NPARTS; k++)
            if (strlen(pul_part_key(k)) == len && strncmp(p + 1, pul_part_key(k), len) == 0)
                part = k;
        char num[16];
        if (part >= 0) {
            const char *name = pul_theme_part_name(th, part, lang);
            put(o, *name ? name : plain_parts[part][lang]);
        } else if (len == 5 && strncmp(p + 1, "pairs", 5) == 0) {
            put_kinds(o, v, lang, true);
        } else if (len == 5 && strncmp(p + 1, "kinds", 5) == 0) {
            put_kinds(o, v, lang, false);
        } else if (len == 5 && strncmp(p + 1, "limit", 5) == 0) {
            snprintf(num, sizeof num, "%d", g ? pul_game_rules(g)->hand_limit : 6);
            put(o, num);
        } else if (len == 7 && strncmp(p + 1, "actions", 7) == 0) {
            snprintf(num, sizeof num, "%d", PUL_ACTION_LIMIT);
            put(o, num);
        }
        p = end + 1;
    }
}

const char *pul_reason_explain(const PulGame *g, PulReason r, int lang, char *buf,
                               size_t size) {
    if (!buf || size == 0) return buf;
    Out o = {buf, size, 0};
    buf[0] = '\0';
    if (lang < 0 || lang >= PUL_NLANGS) lang = PUL_LANG_EN;
    if ((unsigned)r >= PUL_R_COUNT) r = PUL_R_BAD_ACTION;
    expand(g, texts[r][lang], lang, &o);
    return buf;
}

const char *pul_end_explain(const PulGame *g, int lang, char *buf, size_t size) {
    if (!buf || size == 0) return buf;
    Out o = {buf, size, 0};
    buf[0] = '\0';
    if (lang < 0 || lang >= PUL_NLANGS) lang = PUL_LANG_EN;
    PulEndReason r = g && pul_game_over(g) ? pul_game_end_reason(g) : PUL_END_NONE;
    if ((unsigned)r >= PUL_END_COUNT) r = PUL_END_NONE;
    expand(g, end_texts[r][lang], lang, &o);
    return buf;
}

/*
** replay_text.c: the messages of `pul replay` in the four languages of the
** rule books, one row per id (replay_text.h). tests/replay_test.py checks
** that every row has all four and that their conversions agree.
*/
#include <stddef.h>

#include "pul.h"
#include "replay_text.h"

typedef struct {
    const char *name;
    const char *text[PUL_NLANGS]; /* en, ja, fr, es */
} ReplayText;

static const ReplayText texts[RT_COUNT] = {
    [RT_USAGE] = {"usage",
                  {"usage: pul replay RECORD [--lang L] [--at N] [--no-colour] [--variant V]\n\n"
                   "Steps forward and back through the game of the PMN record RECORD,\n"
                   "showing the board, the status and each move with what it did.\n"
                   "An Einfach Genial record (genial, genial-teams, genial-solo) shows\n"
                   "the hex board, every seat's tracks, the rack of the seat to move\n"
                   "and each turn's draws: a replay hides nothing.\n"
                   "In a terminal: n or right arrow next, p or left arrow back, g or Home\n"
                   "the start, G or End the last move, a number and Enter jumps, q quits.\n"
                   "Otherwise commands are read line by line: n, p, g N, G, q.\n\n"
                   "Options:\n"
                   "  --lang L      names and messages in en, ja, fr or es (default en)\n"
                   "  --at N        print the position after move N and exit\n"
                   "  --no-colour   plain text, no ANSI colours\n"
                   "  --variant V   play the record with the edition V (a name, or the path\n"
                   "                of a folder you trust); its name must be the record's\n"
                   "                Variant tag, which is otherwise looked up by name on the\n"
                   "                search path (a path in a record is refused)\n"
                   "  -h, --help    show this text\n"
                   "Exit status: 0 every move legal, 1 the record holds an illegal move,\n"
                   "2 the record cannot be used.\n",
                   "使い方: pul replay 棋譜 [--lang L] [--at N] [--no-colour] [--variant V]\n\n"
                   "PMN 棋譜のゲームを一手ずつ進めたり戻したりし、盤面・状況・各手の結果を\n"
                   "表示します。Einfach Genial の棋譜 (genial, genial-teams, genial-solo)\n"
                   "では六角形の盤、全員のトラック、手番のプレイヤーのラック、各手番で\n"
                   "引いたタイルを表示します（再生では何も隠しません）。\n"
                   "端末では n または右矢印で次、p または左矢印で前、g または\n"
                   "Home で最初、G または End で最後の手、数字と Enter でその手へ、q で終了。\n"
                   "端末でなければ一行ずつコマンドを読みます: n, p, g N, G, q。\n\n"
                   "オプション:\n"
                   "  --lang L      名前とメッセージの言語: en, ja, fr, es (既定 en)\n"
                   "  --at N        N 手目の後の局面を表示して終了\n"
                   "  --no-colour   色なしのテキスト\n"
                   "  --variant V   エディション V (名前、または信頼するフォルダのパス) で\n"
                   "                再生する。その名前は棋譜の Variant タグと同じであること。\n"
                   "                指定しなければ Variant タグを名前として検索パスから探す\n"
                   "                (棋譜の中のパスは拒否される)\n"
                   "  -h, --help    この説明を表示\n"
                   "終了コード: 0 すべての手が合法, 1 棋譜に不正な手がある,\n"
                   "2 棋譜を使えない。\n",
                   "usage : pul replay PARTIE [--lang L] [--at N] [--no-colour] [--variant V]\n\n"
                   "Avance et recule dans la partie notée PARTIE (PMN) en montrant le\n"
                   "plateau, l'état et chaque coup avec ce qu'il a fait.\n"
                   "Une partie d'Einfach Genial (genial, genial-teams, genial-solo)\n"
                   "montre le plateau hexagonal, les pistes de chacun, le chevalet du\n"
                   "joueur au trait et les tirages de chaque tour : le rejeu ne cache rien.\n"
                   "Dans un terminal : n ou flèche droite suivant, p ou flèche gauche\n"
                   "précédent, g ou Début le départ, G ou Fin le dernier coup, un nombre\n"
                   "et Entrée y saute, q quitte.\n"
                   "Sinon les commandes sont lues ligne par ligne : n, p, g N, G, q.\n\n"
                   "Options :\n"
                   "  --lang L      noms et messages en en, ja, fr ou es (en par défaut)\n"
                   "  --at N        affiche la position après le coup N et termine\n"
                   "  --no-colour   texte simple, sans couleurs ANSI\n"
                   "  --variant V   joue la partie avec l'édition V (un nom, ou le chemin\n"
                   "                d'un dossier de confiance) ; son nom doit être la balise\n"
                   "                Variant de la partie, sinon cherchée par son nom dans le\n"
                   "                chemin de recherche (un chemin dans une partie est refusé)\n"
                   "  -h, --help    affiche ce texte\n"
                   "Code de sortie : 0 tous les coups sont légaux, 1 la partie contient un\n"
                   "coup illégal, 2 la partie est inutilisable.\n",
                   "uso: pul replay PARTIDA [--lang L] [--at N] [--no-colour] [--variant V]\n\n"
                   "Avanza y retrocede por la partida anotada PARTIDA (PMN) mostrando el\n"
                   "tablero, el estado y cada jugada con lo que hizo.\n"
                   "Una partida de Einfach Genial (genial, genial-teams, genial-solo)\n"
                   "muestra el tablero hexagonal, las pistas de cada uno, el atril del\n"
                   "jugador al que le toca y lo que se sacó en cada turno: nada se oculta.\n"
                   "En un terminal: n o flecha derecha siguiente, p o flecha izquierda\n"
                   "anterior, g o Inicio el comienzo, G o Fin la última jugada, un número\n"
                   "e Intro salta a ella, q sale.\n"
                   "Si no, las órdenes se leen línea a línea: n, p, g N, G, q.\n\n"
                   "Opciones:\n"
                   "  --lang L      nombres y mensajes en en, ja, fr o es (en por defecto)\n"
                   "  --at N        muestra la posición tras la jugada N y termina\n"
                   "  --no-colour   texto simple, sin colores ANSI\n"
                   "  --variant V   juega la partida con la edición V (un nombre, o la ruta\n"
                   "                de una carpeta de confianza); su nombre debe ser la\n"
                   "                etiqueta Variant de la partida, que si no se busca por\n"
                   "                nombre en la ruta de búsqueda (una ruta en una partida\n"
                   "                se rechaza)\n"
                   "  -h, --help    muestra este texto\n"
                   "Código de salida: 0 todas las jugadas son legales, 1 la partida tiene\n"
                   "una jugada ilegal, 2 la partida no se puede usar.\n"}},
    [RT_NEED_RECORD] = {"need-record",
                        {"give one game record, a PMN file (see pul replay --help)",
                         "棋譜 (PMN ファイル) を一つ指定してください (pul replay --help 参照)",
                         "donnez une partie notée, un fichier PMN (voir pul replay --help)",
                         "indique una partida anotada, un archivo PMN (vea pul replay --help)"}},
    [RT_BAD_LANG] = {"bad-lang",
                     {"unknown language '%s'; use en, ja, fr or es",
                      "不明な言語 '%s'; en, ja, fr, es のいずれかを指定してください",
                      "langue inconnue '%s' ; utilisez en, ja, fr ou es",
                      "idioma desconocido '%s'; use en, ja, fr o es"}},
    [RT_CANNOT_READ] = {"cannot-read",
                        {"%s", "%s", "%s", "%s"}},
    [RT_NO_TAG] = {"no-tag",
                   {"%s: the record has no %s tag; PMN.md requires [Variant \"...\"] and "
                    "[Players \"...\"]",
                    "%s: 棋譜に %s タグがありません; PMN.md では [Variant \"...\"] と "
                    "[Players \"...\"] が必要です",
                    "%s : la partie n'a pas de balise %s ; PMN.md exige [Variant \"...\"] et "
                    "[Players \"...\"]",
                    "%s: la partida no tiene la etiqueta %s; PMN.md exige [Variant \"...\"] y "
                    "[Players \"...\"]"}},
    [RT_OUT_OF_MEMORY] = {"out-of-memory",
                          {"out of memory", "メモリが足りません", "mémoire épuisée",
                           "memoria agotada"}},
    [RT_BAD_AT] = {"bad-at",
                   {"there is no position after move %ld: the positions go from 0 to %d",
                    "%ld 手目の後の局面はありません: 局面は 0 から %d までです",
                    "il n'y a pas de position après le coup %ld : les positions vont de 0 à %d",
                    "no hay posición tras la jugada %ld: las posiciones van de 0 a %d"}},
    [RT_BAD_JUMP] = {"bad-jump",
                     {"no position %ld; the positions go from 0 to %d",
                      "局面 %ld はありません; 局面は 0 から %d までです",
                      "pas de position %ld ; les positions vont de 0 à %d",
                      "no hay posición %ld; las posiciones van de 0 a %d"}},
    [RT_UNKNOWN_COMMAND] = {"unknown-command",
                            {"unknown command '%s'; use n (next), p (back), g N (go to move N), "
                             "G (last) or q (quit)",
                             "不明なコマンド '%s'; n (次), p (前), g N (N 手目へ), G (最後), "
                             "q (終了) を使ってください",
                             "commande inconnue '%s' ; utilisez n (suivant), p (précédent), "
                             "g N (aller au coup N), G (dernier) ou q (quitter)",
                             "orden desconocida '%s'; use n (siguiente), p (anterior), "
                             "g N (ir a la jugada N), G (última) o q (salir)"}},
    [RT_ILLEGAL] = {"illegal",
                    {"move %d (%s) is illegal: %s: %s",
                     "%d 手目 (%s) は不正です: %s: %s",
                     "le coup %d (%s) est illégal : %s : %s",
                     "la jugada %d (%s) es ilegal: %s: %s"}},
    [RT_STOPPED_HERE] = {"stopped-here",
                         {"the replay stops here: move %d of the record is illegal",
                          "再生はここで止まります: 棋譜の %d 手目が不正です",
                          "le rejeu s'arrête ici : le coup %d de la partie est illégal",
                          "la reproducción se detiene aquí: la jugada %d de la partida es "
                          "ilegal"}},
    [RT_START] = {"start",
                  {"%s: start of the game (%d moves)", "%s: 開始局面 (%d 手)",
                   "%s : début de la partie (%d coups)", "%s: comienzo de la partida (%d jugadas)"}},
    [RT_POSITION] = {"position",
                     {"%s: after move %d of %d", "%s: %d 手目の後 (全 %d 手)",
                      "%s : après le coup %d sur %d", "%s: tras la jugada %d de %d"}},
    [RT_MOVE_BY] = {"move-by",
                    {"%d. %s, seat %d", "%d. %s, プレイヤー %d", "%d. %s, joueur %d",
                     "%d. %s, jugador %d"}},
    [RT_KEYS] = {"keys",
                 {"n/→ next  p/← back  g/Home start  G/End last  number+Enter jump  q quit",
                  "n/→ 次  p/← 前  g/Home 最初  G/End 最後  数字+Enter 移動  q 終了",
                  "n/→ suivant  p/← précédent  g/Début départ  G/Fin dernier  "
                  "nombre+Entrée saut  q quitter",
                  "n/→ siguiente  p/← anterior  g/Inicio comienzo  G/Fin última  "
                  "número+Intro salto  q salir"}},
    [RT_JUMP_PROMPT] = {"jump-prompt",
                        {"go to move: %s", "移動先の手: %s", "aller au coup : %s",
                         "ir a la jugada: %s"}},
    [RT_EV_PLACED] = {"ev-placed",
                      {"placed tile %d at %d,%d, rotation %d",
                       "タイル %d を %d,%d に置いた (回転 %d)",
                       "tuile %d posée en %d,%d, rotation %d",
                       "ficha %d colocada en %d,%d, rotación %d"}},
    [RT_EV_TOOK] = {"ev-took",
                    {"took tile %d from the %s into the hand", "%2$s からタイル %1$d を手札に取った",
                     "a pris la tuile %d (%s) dans la main",
                     "tomó la ficha %d (%s) a la mano"}},
    [RT_EV_CLAIMED] = {"ev-claimed",
                       {"put a %s on the %s at %d,%d %s",
                        "%s を %s (%d,%d %s) に置いた",
                        "pose : %s sur %s en %d,%d %s",
                        "puso: %s en %s de %d,%d %s"}},
    [RT_EV_PASSED] = {"ev-passed",
                      {"passed", "パスした", "a passé", "pasó"}},
    [RT_EV_ACTIVATED] = {"ev-activated",
                         {"%s at %d,%d fired", "%2$d,%3$d の%1$s が発動した",
                          "déclenchement : %s en %d,%d", "activación: %s en %d,%d"}},
    [RT_EV_DREW] = {"ev-drew",
                    {"drew %d from the %s", "%2$s から %1$d 枚引いた",
                     "a tiré %d (%s)", "robó %d (%s)"}},
    [RT_EV_EXTRA_TURN] = {"ev-extra-turn",
                          {"extra turn", "追加ターン", "tour supplémentaire", "turno extra"}},
    [RT_EV_MERGED] = {"ev-merged",
                      {"joined %d × %s; %d on it now",
                       "%2$s %1$d 個をつないだ; 現在 %3$d 個が載っている",
                       "a réuni %d × %s ; %d dessus maintenant",
                       "unió %d × %s; ahora hay %d encima"}},
    [RT_EV_CLOSED_OWNER] = {"ev-closed-owner",
                            {"closed a %s of size %d for seat %d",
                             "大きさ %2$d の%1$s を閉じた (プレイヤー %3$d の得点)",
                             "clôture : %s de taille %d, pour le joueur %d",
                             "cierre: %s de tamaño %d, para el jugador %d"}},
    [RT_EV_CLOSED_NOBODY] = {"ev-closed-nobody",
                             {"closed a %s of size %d, scoring for nobody",
                              "大きさ %2$d の%1$s を閉じた (誰の得点にもならない)",
                              "clôture : %s de taille %d, ne compte pour personne",
                              "cierre: %s de tamaño %d, no puntúa para nadie"}},
    [RT_EV_SKIPPED] = {"ev-skipped",
                       {"seat %d had no legal action and is skipped",
                        "プレイヤー %d は合法手がないので飛ばされた",
                        "le joueur %d n'a aucun coup légal et passe son tour",
                        "el jugador %d no tiene jugada legal y pierde el turno"}},
    [RT_EV_GAME_OVER] = {"ev-game-over",
                         {"game over: %s", "ゲーム終了: %s", "partie terminée : %s",
                          "fin de la partida: %s"}},
    [RT_EV_REVEALED] = {"ev-revealed",
                        {"tile %d of the %s is revealed to seat %d",
                         "%2$s のタイル %1$d がプレイヤー %3$d に公開された",
                         "la tuile %d (%s) est révélée au joueur %d",
                         "la ficha %d (%s) se revela al jugador %d"}},
    /* words (issue 11, item 5): the end of the game, each seat's score broken down as
    ** the engine counts it (the names: the theme's group and supply) */
    [RT_END_SEAT] = {"end-seat",
                     {"seat %d: %d points (closed %ss %d, %s tiles %d = %d, hand tiles %d = %d%s)%s",
                      "プレイヤー %d: %d 点（閉じた%s %d、%s %d 枚 = %d、手札 %d 枚 = %d%s）%s",
                      "joueur %d : %d points (clôtures de %s %d, tuiles en %s %d = %d, tuiles en "
                      "main %d = %d%s)%s",
                      "jugador %d: %d puntos (cierres de %s %d, fichas en %s %d = %d, fichas en "
                      "mano %d = %d%s)%s"}},
    [RT_END_SOLO] = {"end-solo",
                     {"score: %d points (closed %ss %d, %s tiles %d = %d, hand tiles %d = %d%s)%s",
                      "得点: %d 点（閉じた%s %d、%s %d 枚 = %d、手札 %d 枚 = %d%s）%s",
                      "score : %d points (clôtures de %s %d, tuiles en %s %d = %d, tuiles en "
                      "main %d = %d%s)%s",
                      "puntuación: %d puntos (cierres de %s %d, fichas en %s %d = %d, fichas en "
                      "mano %d = %d%s)%s"}},
    [RT_END_SCRIPTS] = {"end-scripts",
                        {", rule scripts %+d", "、ルールスクリプト %+d", ", scripts de règles %+d",
                         ", scripts de reglas %+d"}},
    [RT_END_WINS] = {"end-wins", {", wins", "、勝ち", ", gagne", ", gana"}},
    [RT_END_LOST] = {"end-lost", {", lost", "、負け", ", perd", ", pierde"}},
    /* Einfach Genial (replay_genial.c): %s are the theme's names. */
    [RT_G_PLACED] = {"g-placed",
                     {"placed %s on %d,%d and %s on %d,%d",
                      "%s を %d,%d に、%s を %d,%d に置いた",
                      "a posé %s en %d,%d et %s en %d,%d",
                      "colocó %s en %d,%d y %s en %d,%d"}},
    [RT_G_SCORED] = {"g-scored",
                     {"%s: %d point(s), its %s at %d%s",
                      "%s: %d 点、%s は %d%s",
                      "%s : %d point(s), piste (%s) à %d%s",
                      "%s: %d punto(s), pista (%s) en %d%s"}},
    [RT_G_SEGMENT_END] = {"g-segment-end",
                          {" (an end reached)", "（端に到達）", " (un bout atteint)",
                           " (un final alcanzado)"}},
    [RT_G_BONUS] = {"g-bonus",
                    {"%s %d bonus placement(s) to make",
                     "%s 追加の配置が %d 回",
                     "%s %d pose(s) en prime à faire",
                     "%s %d colocación(es) extra por hacer"}},
    [RT_G_BONUS_LOST] = {"g-bonus-lost",
                         {"%d bonus placement(s) lost: the %s is empty",
                          "追加の配置 %d 回は失われた: %s が空",
                          "%d pose(s) en prime perdue(s) : chevalet (%s) vide",
                          "%d colocación(es) extra perdida(s): atril (%s) vacío"}},
    [RT_G_REFILLED] = {"g-refilled",
                       {"refilled the %s: %d tile(s) from the %s",
                        "%1$s を補充: %3$s から %2$d 枚",
                        "a complété son chevalet (%s) : %d tuile(s) du sac (%s)",
                        "repuso su atril (%s): %d ficha(s) de la bolsa (%s)"}},
    [RT_G_SWAPPED] = {"g-swapped",
                      {"swapped the %s: %d new tile(s) from the %s",
                       "%1$s を交換: %3$s から新しいタイル %2$d 枚",
                       "a échangé son chevalet (%s) : %d nouvelle(s) tuile(s) du sac (%s)",
                       "cambió su atril (%s): %d ficha(s) nueva(s) de la bolsa (%s)"}},
    [RT_G_DREW] = {"g-drew", {"drew %s", "%s を引いた", "a tiré %s", "sacó %s"}},
    [RT_G_RETURNED] = {"g-returned",
                       {"put %s back in the %s", "%s を %s に戻した", "a remis %s dans le sac (%s)",
                        "devolvió %s a la bolsa (%s)"}},
    [RT_G_TO_PLACE] = {"g-to-place",
                       {"seat %d to place a tile", "プレイヤー %d がタイルを置く番",
                        "au joueur %d de poser une tuile", "le toca al jugador %d colocar una ficha"}},
    [RT_G_TO_BONUS] = {"g-to-bonus",
                       {"seat %d to make a bonus placement (%d owed)",
                        "プレイヤー %d が追加の配置をする番（残り %d 回）",
                        "au joueur %d de faire une pose en prime (%d dues)",
                        "le toca al jugador %d hacer una colocación extra (%d pendientes)"}},
    [RT_G_TO_END] = {"g-to-end",
                     {"seat %d to refill or swap the %s",
                      "プレイヤー %d が %s を補充か交換する番",
                      "au joueur %d de compléter ou d'échanger son chevalet (%s)",
                      "le toca al jugador %d reponer o cambiar su atril (%s)"}},
    [RT_G_TO_REFILL] = {"g-to-refill",
                        {"seat %d to refill the %s", "プレイヤー %d が %s を補充する番",
                         "au joueur %d de compléter son chevalet (%s)",
                         "le toca al jugador %d reponer su atril (%s)"}},
    [RT_G_OVER] = {"g-over", {"game over: %s", "ゲーム終了: %s", "partie terminée : %s",
                              "fin de la partida: %s"}},
    [RT_G_END_SEAT] = {"g-end-seat",
                       {"seat %d: %d points (lowest track: %s)%s",
                        "プレイヤー %d: %d 点（最低のトラック: %s）%s",
                        "joueur %d : %d points (piste la plus basse : %s)%s",
                        "jugador %d: %d puntos (pista más baja: %s)%s"}},
    [RT_G_END_SOLO] = {"g-end-solo",
                       {"score: %d points (lowest track: %s)",
                        "得点: %d 点（最低のトラック: %s）",
                        "score : %d points (piste la plus basse : %s)",
                        "puntuación: %d puntos (pista más baja: %s)"}},
};

const char *replay_text(int id, int lang) {
    if (id < 0 || id >= RT_COUNT) return "";
    if (lang < 0 || lang >= PUL_NLANGS) lang = PUL_LANG_EN;
    const char *s = texts[id].text[lang];
    return s && s[0] ? s : texts[id].text[PUL_LANG_EN];
}

const char *replay_text_name(int id) {
    return id >= 0 && id < RT_COUNT ? texts[id].name : NULL;
}

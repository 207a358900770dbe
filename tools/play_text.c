/*
** play_text.c: the messages of `pul play` in English, Japanese, French and
** Spanish (one row per message, the columns in PulLang order), and their
** formatting with the theme's names. tests/play_test.py checks that every row
** has four texts with the same conversions.
*/
#include <string.h>

#include "cli.h"
#include "play_text.h"

static const char *const texts[PM_COUNT][PUL_NLANGS] = {
    [PM_NAME_BIG] = {"big micropul", "大マイクロプル", "mega micropul", "micropul grande"},
    [PM_NAME_STONE] = {"stone", "マーカー", "pierre", "piedra"},
    [PM_NAME_CORE] = {"core", "コア", "noyau", "núcleo"},
    [PM_NAME_SUPPLY] = {"supply", "山札", "réserve", "suministro"},
    [PM_NAME_GROUP] = {"group", "グループ", "groupe", "grupo"},
    [PM_NAME_BAG] = {"bag", "袋", "sac", "bolsa"},
    [PM_NAME_RACK] = {"rack", "ラック", "chevalet", "atril"},
    [PM_NAME_TRACK] = {"track", "トラック", "piste", "pista"},
    [PM_NAME_BONUS] = {"Bonus!", "ボーナス！", "Bonus !", "¡Bonus!"},
    [PM_START] = {
        "%s, seed %s. The record is saved after every move to %s.",
        "%s、シード %s。記録は一手ごとに %s に保存されます。",
        "%s, graine %s. La partie est enregistrée après chaque coup dans %s.",
        "%s, semilla %s. La partida se guarda tras cada jugada en %s.",
    },
    [PM_RESUMED] = {
        "Resumed after %d moves from %s.",
        "%d 手目から再開しました（%s）。",
        "Partie reprise après %d coups depuis %s.",
        "Partida reanudada tras %d jugadas desde %s.",
    },
    [PM_SEAT_YOU] = {"Seat %d: you", "プレイヤー %d: あなた", "Joueur %d : vous", "Jugador %d: tú"},
    [PM_SEAT_BOT] = {"Seat %d: %s", "プレイヤー %d: %s", "Joueur %d : %s", "Jugador %d: %s"},
    [PM_HEADER] = {
        "Move %d, seat %d to play",
        "%d 手目、プレイヤー %d の番",
        "Coup %d, au joueur %d",
        "Jugada %d, le toca al jugador %d",
    },
    [PM_HEADER_EXTRA] = {" (extra turn)", "（追加ターン）", " (tour supplémentaire)",
                         " (turno extra)"},
    [PM_LEGAL_TITLE] = {
        "Legal moves: type a number or the move (help: the commands)",
        "合法手: 番号か手を入力してください（help: コマンド一覧）",
        "Coups légaux : tapez un numéro ou le coup (help : les commandes)",
        "Jugadas legales: escribe un número o la jugada (help: los comandos)",
    },
    [PM_LIST_TILE] = {"tile %d", "タイル %d", "tuile %d", "ficha %d"},
    [PM_LIST_TAKE] = {"take from your {supply}", "{supply}から取る", "prendre dans votre {supply}",
                      "tomar de tu {supply}"},
    [PM_LIST_CLAIM] = {"put a {stone} on a {group}", "{group}に{stone}を置く",
                       "{group} : y poser votre {stone}", "{group}: poner ahí tu {stone}"},
    [PM_LIST_PASS] = {"end the extra turn", "追加ターンを終える", "finir le tour supplémentaire",
                      "terminar el turno extra"},
    [PM_PROMPT] = {"Seat %d> ", "プレイヤー %d> ", "Joueur %d> ", "Jugador %d> "},
    [PM_HANDOFF] = {
        "Seat %d to play: hand over the keyboard, then press Enter.",
        "プレイヤー %d の番です。キーボードを渡して Enter を押してください。",
        "Au joueur %d : passez-lui le clavier, puis appuyez sur Entrée.",
        "Le toca al jugador %d: pásale el teclado y pulsa Intro.",
    },
    [PM_HELP] = {
        "Commands:\n"
        "  N           play move number N of the list\n"
        "  12@1,-2r3   place tile 12 on cell 1,-2, turned 3 quarters clockwise\n"
        "  snw0,0      put a {stone} on the {group} of quadrant nw of cell 0,0\n"
        "  t, t17      take a tile from your {supply} (t17: one you know)\n"
        "  pass        end an extra turn\n"
        "  r 12        show tile 12 in its four rotations\n"
        "  hint        ask the MCTS bot what it would play\n"
        "  undo        take back your own last move (no bots; not once another seat has\n"
        "              played, nor a take or a peek, which showed you a hidden tile)\n"
        "  board       draw the board again\n"
        "  quit        leave; the record is already saved\n",
        "コマンド:\n"
        "  N           一覧の N 番の手を打つ\n"
        "  12@1,-2r3   タイル 12 をマス 1,-2 に時計回り 3 回転で置く\n"
        "  snw0,0      マス 0,0 の nw 区画の{group}に{stone}を置く\n"
        "  t, t17      {supply}からタイルを取る（t17: 分かっているタイル）\n"
        "  pass        追加ターンを終える\n"
        "  r 12        タイル 12 の四つの向きを見る\n"
        "  hint        MCTS ボットならどう打つか聞く\n"
        "  undo        自分の直前の手を取り消す（ボットなし。他のプレイヤーが打った後や、\n"
        "              隠れたタイルを見た「取る」手・のぞき見は取り消せない）\n"
        "  board       盤面をもう一度描く\n"
        "  quit        やめる（記録は保存済み）\n",
        "Commandes :\n"
        "  N           jouer le coup numéro N de la liste\n"
        "  12@1,-2r3   poser la tuile 12 en 1,-2, tournée de 3 quarts dans le sens horaire\n"
        "  snw0,0      poser votre {stone} sur le quart nw de la case 0,0 ({group})\n"
        "  t, t17      prendre une tuile dans votre {supply} (t17 : une que vous connaissez)\n"
        "  pass        finir un tour supplémentaire\n"
        "  r 12        voir la tuile 12 dans ses quatre orientations\n"
        "  hint        demander au bot MCTS ce qu'il jouerait\n"
        "  undo        reprendre votre dernier coup (sans bot ; pas après le coup d'un\n"
        "              autre joueur, ni une prise ou un coup d'œil, qui montrent une tuile cachée)\n"
        "  board       redessiner le plateau\n"
        "  quit        quitter ; la partie est déjà enregistrée\n",
        "Comandos:\n"
        "  N           jugar la jugada número N de la lista\n"
        "  12@1,-2r3   poner la ficha 12 en 1,-2, girada 3 cuartos en sentido horario\n"
        "  snw0,0      poner tu {stone} en el cuadrante nw de la casilla 0,0 ({group})\n"
        "  t, t17      tomar una ficha de tu {supply} (t17: una que conoces)\n"
        "  pass        terminar un turno extra\n"
        "  r 12        ver la ficha 12 en sus cuatro giros\n"
        "  hint        preguntar al bot MCTS qué jugaría\n"
        "  undo        deshacer tu última jugada (sin bots; no tras la jugada de otro\n"
        "              jugador, ni una toma o un vistazo, que muestran una ficha oculta)\n"
        "  board       volver a dibujar el tablero\n"
        "  quit        salir; la partida ya está guardada\n",
    },
    [PM_NOT_UNDERSTOOD] = {
        "\"%s\" is neither a move nor a command: type help.",
        "「%s」は手でもコマンドでもありません。help と入力してください。",
        "« %s » n'est ni un coup ni une commande : tapez help.",
        "«%s» no es ni una jugada ni un comando: escribe help.",
    },
    [PM_NO_SUCH_NUMBER] = {
        "There is no move %d: the list goes from 1 to %d.",
        "%d 番の手はありません。一覧は 1 から %d までです。",
        "Il n'y a pas de coup %d : la liste va de 1 à %d.",
        "No hay jugada %d: la lista va de 1 a %d.",
    },
    [PM_ILLEGAL] = {
        "%s is not legal: %s.",
        "%s は打てません: %s。",
        "%s n'est pas permis : %s.",
        "%s no está permitida: %s.",
    },
    [PM_TAKE_UNKNOWN] = {
        "You do not know which tiles are in your {supply}: type t to take one at random.",
        "{supply}のタイルはまだ分かりません。t と入力するとランダムに取ります。",
        "Vous ne savez pas quelles tuiles sont dans votre {supply} : tapez t pour en prendre "
        "une au hasard.",
        "No sabes qué fichas hay en tu {supply}: escribe t para tomar una al azar.",
    },
    [PM_PREVIEW] = {
        "Tile %d in its four rotations:",
        "タイル %d の四つの向き:",
        "La tuile %d dans ses quatre orientations :",
        "La ficha %d en sus cuatro giros:",
    },
    [PM_NO_SUCH_TILE] = {
        "There is no tile %d: tiles go from 0 to %d.",
        "タイル %d はありません。タイルは 0 から %d までです。",
        "Il n'y a pas de tuile %d : les tuiles vont de 0 à %d.",
        "No hay ficha %d: las fichas van de 0 a %d.",
    },
    [PM_HINT] = {
        "Hint: MCTS would play %s.",
        "ヒント: MCTS なら %s と打ちます。",
        "Conseil : MCTS jouerait %s.",
        "Pista: MCTS jugaría %s.",
    },
    [PM_HINT_FAILED] = {"No hint: %s", "ヒントなし: %s", "Pas de conseil : %s", "Sin pista: %s"},
    [PM_UNDO_WITH_BOTS] = {
        "Undo is only for games without bots (solo or hot-seat).",
        "取り消しはボットのいないゲーム（ソロか対面）だけです。",
        "Reprendre un coup n'est possible que sans bot (solo ou à plusieurs sur un écran).",
        "Deshacer solo es posible sin bots (en solitario o varios en una pantalla).",
    },
    [PM_UNDO_NOTHING] = {
        "There is no move to take back.",
        "取り消す手がありません。",
        "Il n'y a aucun coup à reprendre.",
        "No hay ninguna jugada que deshacer.",
    },
    [PM_UNDONE] = {"Took back %s.", "%s を取り消しました。", "Coup %s repris.",
                   "Jugada %s deshecha."},
    [PM_PLAYED_SEAT] = {"Seat %d plays %s.", "プレイヤー %d: %s", "Le joueur %d joue %s.",
                        "El jugador %d juega %s."},
    [PM_PLAYED_BOT] = {"%s (seat %d) plays %s.", "%s（プレイヤー %d）: %s", "%s (joueur %d) joue %s.",
                       "%s (jugador %d) juega %s."},
    [PM_EXTRA_TURN] = {
        "Seat %d has an extra turn.",
        "プレイヤー %d は追加ターンを得ました。",
        "Le joueur %d a un tour supplémentaire.",
        "El jugador %d tiene un turno extra.",
    },
    [PM_DREW] = {
        "Seat %d moves %d tile(s) from the {core} to their {supply}.",
        "プレイヤー %d は{core}から{supply}へタイルを %d 枚移します。",
        "Le joueur %d prend %d tuile(s) de la pioche ({core}) pour sa pile ({supply}).",
        "El jugador %d pasa %d ficha(s) de la pila ({core}) a su montón ({supply}).",
    },
    [PM_SKIPPED] = {
        "Seat %d has no legal move: the turn is skipped.",
        "プレイヤー %d は打てる手がないので手番を飛ばします。",
        "Le joueur %d n'a aucun coup légal : son tour passe.",
        "El jugador %d no tiene jugada legal: pierde el turno.",
    },
    [PM_QUIT] = {
        "You left the game. The record is in %s; continue with: %s",
        "ゲームを中断しました。記録は %s にあります。続きは %s",
        "Vous avez quitté la partie. Elle est dans %s ; pour la reprendre : %s",
        "Has dejado la partida. Está en %s; para seguir: %s",
    },
    [PM_SAVE_FAILED] = {
        "Could not save the record to %s: %s; check the folder is writable.",
        "記録を %s に保存できませんでした: %s。フォルダーに書き込めるか確かめてください。",
        "Impossible d'enregistrer la partie dans %s : %s ; vérifiez que le dossier est "
        "accessible en écriture.",
        "No se pudo guardar la partida en %s: %s; comprueba que la carpeta admite escritura.",
    },
    [PM_GAME_OVER] = {"Game over: %s.", "ゲーム終了: %s。", "Partie terminée : %s.",
                      "Fin de la partida: %s."},
    [PM_SCORE_LINE] = {
        "Seat %d: %d points (closed {group}s %d, {supply} tiles %d = %d, hand tiles %d = %d",
        "プレイヤー %d: %d 点（閉じた{group} %d、{supply} %d 枚 = %d、手札 %d 枚 = %d",
        "Joueur %d : %d points (clôtures de {group} %d, tuiles en {supply} %d = %d, tuiles en "
        "main %d = %d",
        "Jugador %d: %d puntos (cierres de {group} %d, fichas en {supply} %d = %d, fichas en "
        "mano %d = %d",
    },
    [PM_SCORE_SCRIPTS] = {", rule scripts %+d", "、ルールスクリプト %+d", ", scripts de règles %+d",
                          ", scripts de reglas %+d"},
    [PM_SCORE_END] = {")", "）", ")", ")"},
    [PM_LOST] = {", lost", "、負け", ", perdu", ", pierde"},
    [PM_WINNER] = {"Winner: seat %d.", "勝者: プレイヤー %d。", "Gagnant : joueur %d.",
                   "Gana: jugador %d."},
    [PM_WINNERS_TIED] = {
        "Winners, tied: seats %s.",
        "勝者（同点）: プレイヤー %s。",
        "Gagnants à égalité : joueurs %s.",
        "Ganan empatados: jugadores %s.",
    },
    [PM_NO_WINNER] = {"No winner.", "勝者なし。", "Pas de gagnant.", "Nadie gana."},
    /* issue 11, hidden information and resume: */
    [PM_TOOK_SEAT] = {
        "Seat %d takes a tile from their {supply}.",
        "プレイヤー %d は{supply}からタイルを1枚取りました。",
        "Le joueur %d prend une tuile de sa pile ({supply}).",
        "El jugador %d toma una ficha de su montón ({supply}).",
    },
    [PM_TOOK_BOT] = {
        "%s (seat %d) takes a tile from its {supply}.",
        "%s（プレイヤー %d）は{supply}からタイルを1枚取りました。",
        "%s (joueur %d) prend une tuile de sa pile ({supply}).",
        "%s (jugador %d) toma una ficha de su montón ({supply}).",
    },
    [PM_PEEK] = {
        "You peek into your {supply}: tile %d is in it (t%d takes it).",
        "{supply}をのぞき見: タイル %d があります（t%d で取れます）。",
        "Coup d'œil dans votre {supply} : la tuile %d y est (t%d la prend).",
        "Vistazo a tu {supply}: la ficha %d está ahí (t%d la toma).",
    },
    [PM_KNOWN_SUPPLY] = {
        "Known in your {supply}:",
        "{supply}の分かっているタイル:",
        "Connues dans votre {supply} :",
        "Conocidas en tu {supply}:",
    },
    [PM_UNDO_NOT_YOURS] = {
        "Undo takes back only your own last move: seat %d has played since.",
        "取り消せるのは自分の直前の手だけです。その後プレイヤー %d が打っています。",
        "Vous ne pouvez reprendre que votre propre dernier coup : le joueur %d a joué depuis.",
        "Solo puedes deshacer tu propia última jugada: el jugador %d ha jugado después.",
    },
    [PM_UNDO_HIDDEN] = {
        "%s cannot be taken back: it showed you a hidden tile.",
        "%s は取り消せません。隠れていたタイルを見てしまったからです。",
        "%s ne peut pas être repris : ce coup vous a montré une tuile cachée.",
        "%s no se puede deshacer: te mostró una ficha oculta.",
    },
    /* words (issue 11, item 5): the end of a solo game, which has a score and no rival */
    [PM_SOLO_SCORE] = {"Your score: %d points.", "あなたの得点: %d 点。",
                       "Votre score : %d points.", "Tu puntuación: %d puntos."},
    /* The board (issue 11, item 2). */
    [PM_CLAIM_OPEN] = {"%s ×%d, open", "%s ×%d、開いている", "%s ×%d, ouvert",
                       "%s ×%d, abierto"},
    [PM_CLAIM_CLOSED] = {"%s ×%d, closed", "%s ×%d、閉じている", "%s ×%d, fermé",
                         "%s ×%d, cerrado"},
    /* Terminal comfort (issue 11, item 6). */
    [PM_LIST_FOLDED_ITEM] = {"%s %d)-%d)", "%s %d)-%d)", "%s %d)-%d)", "%s %d)-%d)"},
    [PM_LIST_FOLDED_NOTE] = {
        "(Folded to fit: r N shows where tile N can go, moves the whole list.)",
        "（端末に合わせて畳みました。r N でタイル N の置き場所、moves で一覧全体を表示）",
        "(Replié pour tenir : r N montre où va la tuile N, moves toute la liste.)",
        "(Plegada para caber: r N muestra dónde va la ficha N, moves la lista entera.)",
    },
    [PM_BOARD_CUT] = {
        "(The board is cut to fit the terminal: type board to see all of it.)",
        "（盤面は端末に合わせて切り取られています。board で全体を表示）",
        "(Le plateau est coupé à la taille du terminal : tapez board pour le voir en entier.)",
        "(El tablero está recortado al tamaño del terminal: escribe board para verlo entero.)",
    },
    [PM_ROTATIONS_WHERE] = {
        "Where each rotation can go (type the number to play it):",
        "各向きで置ける場所（番号を入力すると打ちます）:",
        "Où chaque orientation peut aller (tapez le numéro pour la jouer) :",
        "Dónde puede ir cada giro (escribe el número para jugarlo):",
    },
    [PM_ROTATIONS_NONE] = {
        "Tile %d cannot be placed now: it is not in your hand, or fits nowhere.",
        "タイル %d は今は置けません。手札にないか、置ける場所がありません。",
        "La tuile %d ne peut pas être posée maintenant : elle n'est pas dans votre main, ou "
        "ne va nulle part.",
        "La ficha %d no se puede colocar ahora: no está en tu mano o no cabe en ningún sitio.",
    },
    [PM_ROTATION_NOWHERE] = {"nowhere", "置けない", "nulle part", "en ningún sitio"},
    [PM_HINT_NUMBER] = {
        "Hint: MCTS would play %s, number %d of the list.",
        "ヒント: MCTS なら %s（一覧の %d 番）と打ちます。",
        "Conseil : MCTS jouerait %s, numéro %d de la liste.",
        "Pista: MCTS jugaría %s, número %d de la lista.",
    },
    [PM_HELP_MORE] = {
        "  moves       the whole list of legal moves, when it is folded to fit\n"
        "  r 12        also lists where each rotation of tile 12 can go, by number\n",
        "  moves       合法手の一覧を全部表示（端末に合わせて畳まれたとき）\n"
        "  r 12        タイル 12 の各向きで置ける場所も番号つきで表示\n",
        "  moves       toute la liste des coups légaux, quand elle est repliée\n"
        "  r 12        donne aussi où va chaque orientation de la tuile 12, par numéro\n",
        "  moves       la lista entera de jugadas legales, cuando está plegada\n"
        "  r 12        también dice dónde va cada giro de la ficha 12, por número\n",
    },
    [PM_HELP_EDITING] = {
        "  Up, Down    recall the lines you typed; Left, Right, Backspace edit the line\n",
        "  ↑, ↓        入力した行を呼び出す。←、→、BackSpace で行を編集\n",
        "  Haut, Bas   rappeler vos lignes ; Gauche, Droite, Retour arrière les modifient\n",
        "  Arriba, Abajo  recuperar tus líneas; Izquierda, Derecha, Retroceso las editan\n",
    },
    /* Einfach Genial (issue 14). */
    [PM_G_HELP] = {
        "Commands:\n"
        "  N            play move number N of the list\n"
        "  rg@3,-1e     a tile on two cells: symbol r on cell 3,-1, g on its neighbour\n"
        "               to the e (e w ne nw se sw); the letters name the tile's kind\n"
        "  +            end your turn: refill your {rack} from the {bag} (at random)\n"
        "  x            end your turn: swap your whole {rack}, when the list offers it\n"
        "  hint         ask the MCTS bot what it would play\n"
        "  undo         take back your own last placement while your turn goes on\n"
        "               (not once you have drawn: a refill or a swap showed you tiles)\n"
        "  board        draw the board again\n"
        "  quit         leave; the record is already saved\n",
        "コマンド:\n"
        "  N            一覧の N 番の手を打つ\n"
        "  rg@3,-1e     タイルを2マスに置く: 記号 r をマス 3,-1 に、g をその e 側の隣に\n"
        "               （e w ne nw se sw）。2文字がタイルの種類\n"
        "  +            手番を終える: {bag}から{rack}を補充する（ランダム）\n"
        "  x            手番を終える: {rack}を全部交換する（一覧にあるとき）\n"
        "  hint         MCTS ボットならどう打つか聞く\n"
        "  undo         手番中なら自分の直前の配置を取り消す\n"
        "               （引いた後はできない: 補充や交換でタイルを見たから）\n"
        "  board        盤面をもう一度描く\n"
        "  quit         やめる（記録は保存済み）\n",
        "Commandes :\n"
        "  N            jouer le coup numéro N de la liste\n"
        "  rg@3,-1e     une tuile sur deux cases : le symbole r en 3,-1, g sur la case\n"
        "               voisine côté e (e w ne nw se sw) ; lettres : la sorte de tuile\n"
        "  +            finir le tour : compléter le chevalet ({rack}) du sac ({bag})\n"
        "  x            finir le tour : échanger tout le chevalet, si la liste l'offre\n"
        "               (les tuiles sortent au hasard)\n"
        "  hint         demander au bot MCTS ce qu'il jouerait\n"
        "  undo         reprendre votre dernière pose tant que votre tour dure\n"
        "               (pas après une pioche : compléter ou échanger montre des tuiles)\n"
        "  board        redessiner le plateau\n"
        "  quit         quitter ; la partie est déjà enregistrée\n",
        "Comandos:\n"
        "  N            jugar la jugada número N de la lista\n"
        "  rg@3,-1e     una ficha en dos casillas: el símbolo r en 3,-1, g en su vecina\n"
        "               hacia e (e w ne nw se sw); las letras dicen el tipo de ficha\n"
        "  +            terminar el turno: reponer el atril ({rack}) de la bolsa ({bag})\n"
        "  x            terminar el turno: cambiar todo el atril, si la lista lo ofrece\n"
        "               (las fichas salen al azar)\n"
        "  hint         preguntar al bot MCTS qué jugaría\n"
        "  undo         deshacer tu última colocación mientras dura tu turno\n"
        "               (no después de sacar: reponer o cambiar te muestra fichas)\n"
        "  board        volver a dibujar el tablero\n"
        "  quit         salir; la partida ya está guardada\n",
    },
    [PM_G_HELP_MORE] = {
        "  moves        the whole list of legal moves; moves rg: those of tile rg only\n",
        "  moves        合法手の一覧を全部表示。moves rg: タイル rg の手だけ\n",
        "  moves        tous les coups légaux ; moves rg : ceux de la tuile rg\n",
        "  moves        todas las jugadas legales; moves rg: las de la ficha rg\n",
    },
    [PM_G_SYNTAX] = {
        "the move cannot be read (examples: rg@3,-1e, +, x)",
        "手を読み取れません（例: rg@3,-1e、+、x）",
        "le coup ne se lit pas (exemples : rg@3,-1e, +, x)",
        "la jugada no se puede leer (ejemplos: rg@3,-1e, +, x)",
    },
    [PM_G_DRAW_RANDOM] = {
        "Tiles come from the {bag} at random: type + to refill, or x to swap.",
        "タイルは{bag}からランダムに引かれます。+ で補充、x で交換です。",
        "Les tuiles sortent du sac ({bag}) au hasard : tapez + pour compléter, ou x pour "
        "échanger.",
        "Las fichas salen de la bolsa ({bag}) al azar: escribe + para reponer, o x para "
        "cambiar.",
    },
    [PM_G_LIST_REFILL] = {"refill your {rack}", "{rack}を補充する", "compléter ({rack})",
                          "reponer ({rack})"},
    [PM_G_LIST_SWAP] = {"swap your {rack}", "{rack}を交換する", "échanger ({rack})",
                        "cambiar ({rack})"},
    [PM_G_MORE] = {"(%d more: moves %s)", "（ほか %d 手: moves %s）", "(%d de plus : moves %s)",
                   "(%d más: moves %s)"},
    [PM_G_NO_KIND] = {
        "\"%s\" is not a tile of your {rack}: moves takes its two letters, like %s.",
        "「%s」は{rack}のタイルではありません。moves には %s のように2文字を付けます。",
        "« %s » n'est pas une tuile de votre {rack} : moves prend ses deux lettres, comme %s.",
        "«%s» no es una ficha de tu {rack}: moves toma sus dos letras, como %s.",
    },
    [PM_G_HEADER_BONUS] = {" (%s bonus placement, %d to make)", "（%s 追加の配置、残り %d 回）",
                           " (%s pose en prime, %d à faire)",
                           " (%s colocación extra, %d por hacer)"},
    [PM_G_HEADER_END] = {" (end of the turn: refill or swap)", "（手番の終わり: 補充か交換）",
                         " (fin du tour : compléter ou échanger)",
                         " (fin del turno: reponer o cambiar)"},
    [PM_G_HEADER_REFILL] = {" (end of the turn: refill)", "（手番の終わり: 補充）",
                            " (fin du tour : compléter)", " (fin del turno: reponer)"},
    [PM_G_BONUS] = {
        "%s Seat %d makes %d bonus placement(s).",
        "%s プレイヤー %d は追加の配置を %d 回します。",
        "%s Le joueur %d fait %d pose(s) en prime.",
        "%s El jugador %d hace %d colocación(es) extra.",
    },
    [PM_G_BONUS_LOST] = {
        "Seat %d loses %d bonus placement(s): the {rack} is empty.",
        "プレイヤー %d は追加の配置を %d 回失いました（{rack}が空）。",
        "Le joueur %d perd %d pose(s) en prime : plus de tuile ({rack} vide).",
        "El jugador %d pierde %d colocación(es) extra: no le quedan fichas ({rack} vacío).",
    },
    [PM_G_REFILLED_SEAT] = {
        "Seat %d refills their {rack}: %d tile(s) from the {bag}.",
        "プレイヤー %d は{rack}を補充: {bag}から %d 枚。",
        "Le joueur %d complète son chevalet ({rack}) : %d tuile(s) du sac ({bag}).",
        "El jugador %d repone su atril ({rack}): %d ficha(s) de la bolsa ({bag}).",
    },
    [PM_G_REFILLED_BOT] = {
        "%s (seat %d) refills its {rack}: %d tile(s) from the {bag}.",
        "%s（プレイヤー %d）は{rack}を補充: {bag}から %d 枚。",
        "%s (joueur %d) complète son chevalet ({rack}) : %d tuile(s) du sac ({bag}).",
        "%s (jugador %d) repone su atril ({rack}): %d ficha(s) de la bolsa ({bag}).",
    },
    [PM_G_SWAPPED_SEAT] = {
        "Seat %d swaps their {rack}: %s back in the {bag}, %d new tile(s).",
        "プレイヤー %d は{rack}を交換: %s を{bag}に戻し、新しいタイル %d 枚。",
        "Le joueur %d échange son chevalet ({rack}) : %s remises au sac ({bag}), %d "
        "nouvelle(s) tuile(s).",
        "El jugador %d cambia su atril ({rack}): %s vuelven a la bolsa ({bag}), %d ficha(s) "
        "nueva(s).",
    },
    [PM_G_SWAPPED_BOT] = {
        "%s (seat %d) swaps its {rack}: %s back in the {bag}, %d new tile(s).",
        "%s（プレイヤー %d）は{rack}を交換: %s を{bag}に戻し、新しいタイル %d 枚。",
        "%s (joueur %d) échange son chevalet ({rack}) : %s remises au sac ({bag}), %d "
        "nouvelle(s) tuile(s).",
        "%s (jugador %d) cambia su atril ({rack}): %s vuelven a la bolsa ({bag}), %d ficha(s) "
        "nueva(s).",
    },
    [PM_G_YOU_DREW] = {"You drew %s.", "引いたタイル: %s。", "Vous avez pioché %s.",
                       "Has sacado %s."},
    [PM_G_SCORE_LINE] = {
        "Seat %d: %d points (lowest {track}: %s; tracks from the lowest: %s)",
        "プレイヤー %d: %d 点（最低の{track}: %s。低い順: %s）",
        "Joueur %d : %d points (piste la plus basse ({track}) : %s ; pistes de la plus basse : "
        "%s)",
        "Jugador %d: %d puntos (pista más baja ({track}): %s; pistas de la más baja: %s)",
    },
};

const char *play_template(int lang, PlayMsg id) {
    if ((unsigned)id >= PM_COUNT) return "";
    if (lang < 0 || lang >= PUL_NLANGS) lang = PUL_LANG_EN;
    return texts[id][lang];
}

/* The theme's name of a part, or the built-in one when the variant has no theme. */
static const char *part_name(int lang, const PulTheme *theme, int part) {
    const char *name = pul_theme_part_name(theme, part, lang);
    return name && *name ? name : play_template(lang, (PlayMsg)(PM_NAME_BIG + part));
}

/* Names go in after formatting, so a name holding '%' is shown as it is,
** and made safe: they come from the edition's theme. */
static void fill_names(char *buf, size_t size, const char *text, int lang, const PulTheme *theme) {
    size_t n = 0;
    for (const char *p = text; *p && n + 1 < size;) {
        int part = -1;
        if (*p == '{') {
            for (int k = 0; k < PUL_NPARTS; k++) {
                size_t len = strlen(pul_part_key(k));
                if (strncmp(p + 1, pul_part_key(k), len) == 0 && p[1 + len] == '}') {
                    part = k;
                    p += len + 2;
                    break;
                }
            }
        }
        if (part < 0) {
            buf[n++] = *p++;
            continue;
        }
        for (const char *s = CLI_TEXT(part_name(lang, theme, part)); *s && n + 1 < size; s++)
            buf[n++] = *s;
    }
    buf[n] = '\0';
}

void play_vformat(char *buf, size_t size, int lang, const PulTheme *theme, PlayMsg id,
                  va_list ap) {
    char raw[4096];
    vsnprintf(raw, sizeof raw, play_template(lang, id), ap);
    fill_names(buf, size, raw, lang, theme);
}

void play_format(char *buf, size_t size, int lang, const PulTheme *theme, PlayMsg id, ...) {
    va_list ap;
    va_start(ap, id);
    play_vformat(buf, size, lang, theme, id, ap);
    va_end(ap);
}
